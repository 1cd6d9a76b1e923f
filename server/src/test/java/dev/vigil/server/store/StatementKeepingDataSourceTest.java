package dev.vigil.server.store;

import org.apache.commons.dbcp2.DelegatingStatement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** HSQLDB's connections keep the statements they prepared, one per use at a time, with nothing left bound. */
class StatementKeepingDataSourceTest {

    private static final String SELECT = "SELECT n FROM numbers WHERE n >= ? ORDER BY n";

    private Connection connection;

    @BeforeEach
    void connect() throws SQLException {
        connection = new StatementKeepingDataSource("jdbc:hsqldb:mem:keep-" + UUID.randomUUID())
                .getConnection("SA", "");
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE numbers (n INT)");
            statement.execute("INSERT INTO numbers VALUES (1), (2), (3)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void theNextPrepareOfTheSameSqlGetsTheStatementClosedBefore() throws SQLException {
        PreparedStatement first = connection.prepareStatement(SELECT);
        Statement kept = inner(first);
        first.close();

        PreparedStatement second = connection.prepareStatement(SELECT);

        assertThat(inner(second)).isSameAs(kept);
        assertThat(kept.isClosed()).isFalse();
        second.setInt(1, 2);
        assertThat(numbers(second)).containsExactly(2, 3);
    }

    @Test
    void theSameSqlPreparedWhileItsStatementIsOpenGetsAnotherOne() throws SQLException {
        try (PreparedStatement outer = connection.prepareStatement(SELECT)) {
            outer.setInt(1, 1);
            List<Integer> pairs = new ArrayList<>();
            try (ResultSet rows = outer.executeQuery()) {
                while (rows.next()) {
                    try (PreparedStatement nested = connection.prepareStatement(SELECT)) {
                        assertThat(inner(nested)).isNotSameAs(inner(outer));
                        nested.setInt(1, rows.getInt(1));
                        pairs.add(rows.getInt(1) * 10 + numbers(nested).size());
                    }
                }
            }

            assertThat(pairs).containsExactly(13, 22, 31);
        }
    }

    @Test
    void aKeptStatementComesBackWithNoParameterBound() throws SQLException {
        try (PreparedStatement first = connection.prepareStatement(SELECT)) {
            first.setInt(1, 3);
            assertThat(numbers(first)).containsExactly(3);
        }

        try (PreparedStatement second = connection.prepareStatement(SELECT)) {
            assertThatThrownBy(second::executeQuery).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void closingTheConnectionClosesTheStatementsItKept() throws SQLException {
        PreparedStatement statement = connection.prepareStatement(SELECT);
        Statement kept = inner(statement);
        statement.close();

        connection.close();

        assertThat(kept.isClosed()).isTrue();
    }

    private static Statement inner(PreparedStatement statement) {
        return ((DelegatingStatement) statement).getInnermostDelegate();
    }

    private static List<Integer> numbers(PreparedStatement statement) throws SQLException {
        List<Integer> numbers = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                numbers.add(rows.getInt(1));
            }
        }
        return numbers;
    }
}
