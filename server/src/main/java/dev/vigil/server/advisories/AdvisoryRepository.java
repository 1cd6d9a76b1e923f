package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.ImportStatus;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The advisory tables: advisories, their package and alias indexes, and the import status per ecosystem. */
public final class AdvisoryRepository {

    private static final int BATCH = 500;
    private static final String SELECT_ADVISORY = """
            SELECT id, modified, published, withdrawn, summary, severity, cvss_vector, cwes, aliases, refs,
                   affected, source
              FROM advisories
            """;

    /** The dedup keys of every stored advisory. */
    public List<AdvisoryKey> keys(Connection c) throws SQLException {
        Map<String, Long> modified = new HashMap<>();
        Map<String, Set<String>> ids = new HashMap<>();
        Map<String, Set<String>> packages = new HashMap<>();
        for (String[] row : Sql.list(c, "SELECT id, modified FROM advisories",
                r -> new String[]{r.getString(1), Long.toString(r.getLong(2))})) {
            modified.put(row[0], Long.parseLong(row[1]));
            ids.computeIfAbsent(row[0], k -> new HashSet<>()).add(row[0]);
        }
        for (String[] row : Sql.list(c, "SELECT advisory_id, alias FROM advisory_aliases",
                r -> new String[]{r.getString(1), r.getString(2)})) {
            ids.computeIfAbsent(row[0], k -> new HashSet<>()).add(row[1]);
        }
        for (String[] row : Sql.list(c, "SELECT advisory_id, ecosystem, name FROM advisory_packages",
                r -> new String[]{r.getString(1), r.getString(2) + ":" + r.getString(3)})) {
            packages.computeIfAbsent(row[0], k -> new HashSet<>()).add(row[1]);
        }
        List<AdvisoryKey> keys = new ArrayList<>();
        modified.forEach((id, m) -> keys.add(new AdvisoryKey(id, m, ids.get(id), packages.getOrDefault(id, Set.of()))));
        return keys;
    }

    public void delete(Connection c, Collection<String> ids) throws SQLException {
        for (String table : List.of("advisory_packages", "advisory_aliases")) {
            batch(c, "DELETE FROM " + table + " WHERE advisory_id = ?", ids.stream().map(id -> new Object[]{id}).toList());
        }
        batch(c, "DELETE FROM advisories WHERE id = ?", ids.stream().map(id -> new Object[]{id}).toList());
    }

    public void insert(Connection c, List<Advisory> advisories, long now) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        List<Object[]> packages = new ArrayList<>();
        List<Object[]> aliases = new ArrayList<>();
        for (Advisory a : advisories) {
            rows.add(new Object[]{a.id(), a.preferredId(), a.modified(), a.published(), a.withdrawn(), a.summary(),
                    a.severity(), a.cvssVector(), AdvisoryJson.write(a.cwes()), AdvisoryJson.write(a.aliases()),
                    AdvisoryJson.write(a.references()), AdvisoryJson.write(a.affected()), a.source(), now});
            Set<String> seen = new LinkedHashSet<>();
            a.affected().forEach(p -> seen.add(p.ecosystem().name() + "\u0000" + p.name()));
            seen.forEach(p -> packages.add(new Object[]{p.split("\u0000")[0], p.split("\u0000")[1], a.id()}));
            a.aliases().forEach(alias -> aliases.add(new Object[]{alias, a.id()}));
        }
        batch(c, """
                INSERT INTO advisories (
                    id,
                    preferred_id,
                    modified,
                    published,
                    withdrawn,
                    summary,
                    severity,
                    cvss_vector,
                    cwes,
                    aliases,
                    refs,
                    affected,
                    source,
                    imported_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, rows);
        batch(c, "INSERT INTO advisory_packages (ecosystem, name, advisory_id) VALUES (?, ?, ?)", packages);
        batch(c, "INSERT INTO advisory_aliases (alias, advisory_id) VALUES (?, ?)", aliases);
    }

    /** Every advisory affecting a package of {@code ecosystem}, withdrawn ones excluded. */
    public List<Advisory> ofEcosystem(Connection c, Ecosystem ecosystem) throws SQLException {
        return Sql.list(c, """
                SELECT id, modified, published, withdrawn, summary, severity, cvss_vector, cwes, aliases, refs,
                       affected, source
                  FROM advisories
                 WHERE withdrawn = 0
                   AND id IN (SELECT advisory_id FROM advisory_packages WHERE ecosystem = ?)
                """, AdvisoryRepository::map, ecosystem.name());
    }

    /** The advisory of {@code id}: the one stored under that id, else one that has it as an alias. */
    public Optional<Advisory> find(Connection c, String id) throws SQLException {
        Optional<Advisory> own = Sql.one(c, SELECT_ADVISORY + " WHERE id = ?", AdvisoryRepository::map, id);
        if (own.isPresent()) {
            return own;
        }
        return Sql.list(c, SELECT_ADVISORY + """
                 WHERE id IN (SELECT advisory_id FROM advisory_aliases WHERE alias = ?)
                 ORDER BY withdrawn, id
                """, AdvisoryRepository::map, id).stream().findFirst();
    }

    /** True when no advisory is stored (without counting them: a whole-table walk on HSQLDB). */
    public boolean isEmpty(Connection c) throws SQLException {
        return Sql.list(c, "SELECT id FROM advisories FETCH FIRST 1 ROWS ONLY", row -> row.getString(1)).isEmpty();
    }

    public long count(Connection c) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM advisories");
    }

    /** Recomputes the status of {@code ecosystem} after an import. */
    public void recordImport(Connection c, Ecosystem ecosystem, long now, String source) throws SQLException {
        Sql.update(c, "DELETE FROM advisory_imports WHERE ecosystem = ?", ecosystem.name());
        Sql.update(c, """
                INSERT INTO advisory_imports (ecosystem, advisories, newest_modified, imported_at, source)
                SELECT ?, COUNT(DISTINCT a.id), COALESCE(MAX(a.modified), 0), ?, ?
                  FROM advisory_packages p
                  JOIN advisories a ON a.id = p.advisory_id
                 WHERE p.ecosystem = ?
                """, ecosystem.name(), now, truncate(source), ecosystem.name());
    }

    public List<ImportStatus> statuses(Connection c) throws SQLException {
        return Sql.list(c, """
                SELECT ecosystem, advisories, newest_modified, imported_at, source
                  FROM advisory_imports
                 ORDER BY ecosystem
                """, row -> new ImportStatus(Ecosystem.valueOf(row.getString(1)), row.getInt(2), row.getLong(3),
                row.getLong(4), row.getString(5)));
    }

    private static Advisory map(ResultSet row) throws SQLException {
        return new Advisory(row.getString("id"), row.getLong("modified"), row.getLong("published"),
                row.getLong("withdrawn"), row.getString("summary"), row.getString("severity"),
                row.getString("cvss_vector"), AdvisoryJson.strings(row.getString("cwes")),
                AdvisoryJson.strings(row.getString("aliases")), AdvisoryJson.strings(row.getString("refs")),
                AdvisoryJson.affected(row.getString("affected")), row.getString("source"));
    }

    private static void batch(Connection c, String sql, List<Object[]> rows) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            int pending = 0;
            for (Object[] row : rows) {
                Sql.bind(statement, row);
                statement.addBatch();
                if (++pending == BATCH) {
                    statement.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                statement.executeBatch();
            }
        }
    }

    private static String truncate(String source) {
        return source.length() <= 1000 ? source : source.substring(0, 999) + "…";
    }
}
