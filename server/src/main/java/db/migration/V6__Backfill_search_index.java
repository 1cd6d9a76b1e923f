package db.migration;

import dev.vigil.server.store.SearchIndex;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/** Indexes the findings that existed before the term index (V5), tenant by tenant, in list order. */
public class V6__Backfill_search_index extends BaseJavaMigration {

    @Override
    public void migrate(Context context) throws Exception {
        SearchIndex.backfill(context.getConnection());
    }
}
