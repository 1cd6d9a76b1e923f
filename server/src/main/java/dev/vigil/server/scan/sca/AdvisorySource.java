package dev.vigil.server.scan.sca;

import java.util.List;

/**
 * Where the dependency engine reads its advisories: the server's is the shared database
 * ({@code advisories.StoredAdvisories}). Implementations MUST be thread-safe; a read MAY see an import that
 * is still running only once it has committed.
 */
public interface AdvisorySource {

    /** The import status of every ecosystem that has one. */
    List<ImportStatus> statuses();

    /** Every advisory of {@code ecosystem}, withdrawn ones included. */
    List<Advisory> ofEcosystem(Ecosystem ecosystem);
}
