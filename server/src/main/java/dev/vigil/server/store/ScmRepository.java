package dev.vigil.server.store;

import dev.vigil.model.ScmProvider;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** SCM integrations of projects; the token is stored sealed (see {@code pr.TokenCipher}), never in the clear. */
public final class ScmRepository {

    /** An integration as stored: {@code tokenSealed} is nonce and ciphertext, base64. */
    public record StoredScm(UUID projectId, ScmProvider provider, String apiUrl, String repository,
                            String tokenSealed) {

        @Override
        public String toString() {
            return "StoredScm[" + projectId + ", " + provider.wire() + ", " + apiUrl + ", " + repository + "]";
        }
    }

    public Optional<StoredScm> find(Connection c, UUID projectId) throws SQLException {
        return Sql.one(c, """
                SELECT project_id, provider, api_url, repository, token_sealed
                FROM project_scm
                WHERE project_id = ?
                """, row -> new StoredScm(Sql.uuid(row, "project_id"), ScmProvider.of(row.getString("provider")),
                row.getString("api_url"), row.getString("repository"), row.getString("token_sealed")), projectId);
    }

    public void save(Connection c, StoredScm scm, long now) throws SQLException {
        int updated = Sql.update(c, """
                UPDATE project_scm SET provider = ?, api_url = ?, repository = ?, token_sealed = ?, updated_at = ?
                WHERE project_id = ?
                """, scm.provider().wire(), scm.apiUrl(), scm.repository(), scm.tokenSealed(), now, scm.projectId());
        if (updated == 0) {
            Sql.update(c, """
                    INSERT INTO project_scm (project_id, provider, api_url, repository, token_sealed, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, scm.projectId(), scm.provider().wire(), scm.apiUrl(), scm.repository(), scm.tokenSealed(),
                    now);
        }
    }

    public boolean delete(Connection c, UUID projectId) throws SQLException {
        return Sql.update(c, "DELETE FROM project_scm WHERE project_id = ?", projectId) == 1;
    }
}
