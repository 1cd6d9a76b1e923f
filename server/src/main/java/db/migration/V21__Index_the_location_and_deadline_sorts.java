package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Indexes the findings list's sorts by location and by SLA deadline (ADR 0068), as V20 indexes those by rule and
 * by first and last seen. A stored path is first clipped as the merge now clips it, to 1,024 characters and 2,000
 * bytes of UTF-8 between code points, so that no entry of {@code findings_by_location} exceeds PostgreSQL's
 * largest index entry (2,704 bytes). The deadline index gains the sort key and id, so that a deadline's ties come
 * in the default order and the findings without one are a walk of its NULL entries; it still serves what the
 * narrower index it replaces served (a tenant's deadlines in a range).
 */
public class V21__Index_the_location_and_deadline_sorts extends BaseJavaMigration {

    private static final int MAX_CHARS = 1024;
    private static final int MAX_BYTES = 2000;

    private record Path(UUID id, String path) {
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        List<Object[]> clipped = new ArrayList<>();
        // a path of at most 500 characters holds at most 2,000 bytes
        for (Path row : FrozenSql.list(c, "SELECT id, path FROM findings WHERE CHAR_LENGTH(path) > 500",
                row -> new Path(FrozenSql.uuid(row, "id"), row.getString("path")))) {
            String path = clip(row.path());
            if (!path.equals(row.path())) {
                clipped.add(new Object[]{path, row.id()});
            }
        }
        FrozenSql.batch(c, "UPDATE findings SET path = ? WHERE id = ?", clipped);
        FrozenSql.update(c, "CREATE INDEX findings_by_location ON findings (tenant_id, path, line, sort_key, id)");
        FrozenSql.update(c, "DROP INDEX findings_by_deadline");
        FrozenSql.update(c, "CREATE INDEX findings_by_deadline ON findings (tenant_id, sla_deadline, sort_key, id)");
    }

    static String clip(String path) {
        int bytes = 0;
        int end = 0;
        while (end < path.length()) {
            int codePoint = path.codePointAt(end);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            int next = end + Character.charCount(codePoint);
            if (bytes + size > MAX_BYTES || next > MAX_CHARS) {
                break;
            }
            bytes += size;
            end = next;
        }
        return path.substring(0, end);
    }
}
