package dev.vigil.server.store;

import dev.vigil.model.FindingDetail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * The code kept around each finding ({@code finding_context}), written by the merge of a default-branch scan and
 * read with the finding by {@link FindingRepository#detail}. Lines are stored joined by line feeds, which no line
 * holds.
 */
final class FindingContextRepository {

    private FindingContextRepository() {
    }

    /** The context a scan saw for one finding; null when it kept none. */
    public record Entry(UUID findingId, FindingDetail.Context context) {
    }

    /** The context of a row that selects {@code start_line} and {@code lines}, joined or not: null without one. */
    static FindingDetail.Context read(ResultSet row) throws SQLException {
        String lines = row.getString("lines");
        return lines == null ? null : new FindingDetail.Context(row.getInt("start_line"), split(lines));
    }

    /** Stores the context of findings that had none: those a scan created. */
    static void insert(Connection c, List<Entry> entries) throws SQLException {
        List<Entry> kept = entries.stream().filter(e -> e.context() != null).toList();
        if (kept.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO finding_context (finding_id, start_line, lines) VALUES (?, ?, ?)")) {
            for (Entry entry : kept) {
                Sql.bind(insert, entry.findingId(), entry.context().startLine(), join(entry.context()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /**
     * Replaces the context of findings a scan saw again: an update where a row exists, an insert where none
     * does, a delete where the scan kept none.
     */
    static void replace(Connection c, List<Entry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        List<Entry> kept = entries.stream().filter(e -> e.context() != null).toList();
        List<Entry> dropped = entries.stream().filter(e -> e.context() == null).toList();
        if (!kept.isEmpty()) {
            int[] updated;
            try (PreparedStatement update = c.prepareStatement(
                    "UPDATE finding_context SET start_line = ?, lines = ? WHERE finding_id = ?")) {
                for (Entry entry : kept) {
                    Sql.bind(update, entry.context().startLine(), join(entry.context()), entry.findingId());
                    update.addBatch();
                }
                updated = update.executeBatch();
            }
            insert(c, IntStream.range(0, kept.size()).filter(i -> updated[i] == 0)
                    .mapToObj(kept::get).toList());
        }
        if (!dropped.isEmpty()) {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM finding_context WHERE finding_id = ?")) {
                for (Entry entry : dropped) {
                    Sql.bind(delete, entry.findingId());
                    delete.addBatch();
                }
                delete.executeBatch();
            }
        }
    }

    private static String join(FindingDetail.Context context) {
        return String.join("\n", context.lines());
    }

    private static List<String> split(String lines) {
        return Arrays.asList(lines.split("\n", -1));
    }
}
