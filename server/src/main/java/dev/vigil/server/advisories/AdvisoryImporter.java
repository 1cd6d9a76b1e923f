package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.store.Database;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Imports OSV records into the shared advisory tables in one transaction per call: idempotent, the newest
 * {@code modified} wins, duplicates across sources are resolved by {@link AdvisoryMerge}.
 */
public final class AdvisoryImporter {

    private final Database database;
    private final AdvisoryRepository repository;
    private final Clock clock;

    public AdvisoryImporter(Database database, AdvisoryRepository repository, Clock clock) {
        this.database = database;
        this.repository = repository;
        this.clock = clock;
    }

    /** Imports files, directories and zips (see {@link OsvReader}). */
    public ImportResult importPaths(List<Path> paths) throws IOException {
        List<Advisory> advisories = new ArrayList<>();
        OsvReader reader = new OsvReader(advisories::add);
        List<String> names = new ArrayList<>();
        for (Path path : paths) {
            reader.readPath(path);
            names.add(path.getFileName() == null ? path.toString() : path.getFileName().toString());
        }
        return save(advisories, reader, String.join(", ", names));
    }

    /** Imports one zip stream (a downloaded {@code all.zip}). */
    public ImportResult importZip(InputStream zip, String source) throws IOException {
        List<Advisory> advisories = new ArrayList<>();
        OsvReader reader = new OsvReader(advisories::add);
        reader.readZip(zip, source);
        return save(advisories, reader, source);
    }

    /** Imports records already read (the bundled snapshot, tests). */
    public ImportResult importAdvisories(List<Advisory> advisories, String source) {
        return save(advisories, null, source);
    }

    private ImportResult save(List<Advisory> advisories, OsvReader reader, String source) {
        long now = clock.millis();
        return database.inTransaction(c -> {
            List<AdvisoryKey> stored = repository.keys(c);
            AdvisoryMerge merge = new AdvisoryMerge(stored);
            advisories.forEach(merge::offer);
            Set<Ecosystem> touched = EnumSet.noneOf(Ecosystem.class);
            advisories.forEach(a -> a.affected().forEach(p -> touched.add(p.ecosystem())));
            repository.delete(c, merge.deletions());
            repository.insert(c, merge.insertions(), now);
            for (Ecosystem ecosystem : touched) {
                repository.recordImport(c, ecosystem, now, source);
            }
            int read = reader == null ? advisories.size() : reader.records();
            int skipped = reader == null ? 0 : reader.skipped();
            return new ImportResult(read, skipped, merge.insertions().size(), merge.deletions().size(),
                    List.copyOf(touched));
        });
    }

    /**
     * What an import did.
     *
     * @param read      records read
     * @param skipped   records that were malformed or affect no supported ecosystem
     * @param inserted  records stored (new, newer, or preferred over a duplicate)
     * @param replaced  stored records removed in favour of a newer or preferred one
     */
    public record ImportResult(int read, int skipped, int inserted, int replaced, List<Ecosystem> ecosystems) {

        public ImportResult {
            ecosystems = List.copyOf(ecosystems);
        }
    }
}
