package dev.vigil.server.store;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

/** Uploaded archives, kept in the database (so that every node can scan them) until their scan ends. */
public final class ArchiveRepository {

    /** Streams {@code content}, {@code size} bytes long, into the database inside the caller's transaction. */
    public void insert(Connection c, UUID scanId, InputStream content, long size, String sha256) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(
                "INSERT INTO scan_archives (scan_id, content, size, sha256) VALUES (?, ?, ?, ?)")) {
            statement.setObject(1, scanId);
            statement.setBinaryStream(2, content, size);
            statement.setLong(3, size);
            statement.setString(4, sha256);
            statement.executeUpdate();
        }
    }

    /** Hands the archive's bytes to {@code reader} while the transaction is open. */
    public <T> T read(Connection c, UUID scanId, ArchiveReading<T> reader) throws SQLException {
        try (PreparedStatement statement = Sql.prepare(c, "SELECT content FROM scan_archives WHERE scan_id = ?", scanId);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("no archive stored for scan " + scanId);
            }
            try (InputStream in = row.getBinaryStream(1)) {
                return reader.read(in);
            } catch (IOException e) {
                throw new SQLException("cannot read the archive of scan " + scanId, e);
            }
        }
    }

    public void delete(Connection c, UUID scanId) throws SQLException {
        Sql.update(c, "DELETE FROM scan_archives WHERE scan_id = ?", scanId);
    }

    @FunctionalInterface
    public interface ArchiveReading<T> {
        T read(InputStream archive) throws IOException, SQLException;
    }
}
