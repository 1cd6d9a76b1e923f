package dev.vigil.server.store;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.scan.SecretDigest;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Keys, once per database, the fingerprints of secret findings written before they were keyed.
 *
 * <p>Migration decision: an older version's fingerprint of a secret was {@code Fingerprints.of(secrets, rule,
 * path, SHA-256 of the secret)}; now its identity is the keyed hash of exactly that fingerprint
 * ({@link SecretDigest#secretIdentity}), so each stored one can be rewritten without the secret, and a finding
 * keeps its history, status and triage across the upgrade instead of showing again as new. Flyway cannot do
 * it (a migration has no installation key), so the first node to start does, in one transaction, before it
 * scans: the row of {@code secret_fingerprint_keying} it flips is locked until then, and other nodes find it
 * done. SARIF logs of earlier scans keep the fingerprints they were written with.
 */
public final class SecretFingerprints {

    private SecretFingerprints() {
    }

    public static void keyOnce(Database database, SecretDigest digest) {
        database.run(c -> {
            if (Sql.update(c, """
                    UPDATE secret_fingerprint_keying
                    SET keyed = TRUE
                    WHERE id = 1 AND keyed = FALSE
                    """) == 1) {
                keyFindings(c, digest);
                keyScanResults(c, digest);
            }
        });
    }

    private static void keyFindings(Connection c, SecretDigest digest) throws SQLException {
        List<Object[]> rows = Sql.list(c, """
                SELECT id, rule_id, path, fingerprint
                FROM findings
                WHERE scan_type = 'secrets'
                """, row -> new Object[]{keyed(digest, row.getString("rule_id"), row.getString("path"),
                row.getString("fingerprint")), Sql.uuid(row, "id")});
        Sql.batch(c, "UPDATE findings SET fingerprint = ? WHERE id = ?", rows);
    }

    private static void keyScanResults(Connection c, SecretDigest digest) throws SQLException {
        List<Object[]> rows = Sql.list(c, """
                SELECT scan_id, seq, rule_id, path, fingerprint
                FROM scan_results
                WHERE scan_type = 'secrets'
                """, row -> new Object[]{keyed(digest, row.getString("rule_id"), row.getString("path"),
                row.getString("fingerprint")), Sql.uuid(row, "scan_id"), row.getInt("seq")});
        Sql.batch(c, "UPDATE scan_results SET fingerprint = ? WHERE scan_id = ? AND seq = ?", rows);
    }

    /** The fingerprint today's engine gives the secret an older version fingerprinted as {@code unkeyed}. */
    static String keyed(SecretDigest digest, String ruleId, String path, String unkeyed) {
        return Fingerprints.of(ScanKind.SECRETS, ruleId, path, digest.hex(unkeyed));
    }
}
