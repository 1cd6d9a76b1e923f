package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.AdvisorySource;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.ImportStatus;
import dev.vigil.server.store.Database;

import java.util.List;

/** The advisories of the shared database, each read in a transaction of its own. */
public record StoredAdvisories(Database database, AdvisoryRepository repository) implements AdvisorySource {

    public StoredAdvisories(Database database) {
        this(database, new AdvisoryRepository());
    }

    @Override
    public List<ImportStatus> statuses() {
        return database.inTransaction(repository::statuses);
    }

    @Override
    public List<Advisory> ofEcosystem(Ecosystem ecosystem) {
        return database.inTransaction(c -> repository.ofEcosystem(c, ecosystem));
    }
}
