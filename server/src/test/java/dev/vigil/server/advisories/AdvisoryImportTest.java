package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.store.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static dev.vigil.server.advisories.AdvisoryFixtures.npmRecord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdvisoryImportTest {

    private final Database database = AdvisoryFixtures.memoryDatabase();
    private final AdvisoryRepository repository = new AdvisoryRepository();
    private final AdvisoryImporter importer = new AdvisoryImporter(database, repository, Clock.systemUTC());

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void importsTheWholeSnapshotAndReimportingItChangesNothing() throws IOException {
        var first = importer.importPaths(AdvisoryFixtures.snapshotFiles());
        assertThat(first.inserted()).isGreaterThan(11_000);
        assertThat(first.ecosystems()).contains(Ecosystem.NPM, Ecosystem.PYPI, Ecosystem.MAVEN, Ecosystem.GO,
                Ecosystem.RUBYGEMS, Ecosystem.PACKAGIST);
        long stored = database.inTransaction(repository::count);

        var second = importer.importPaths(AdvisoryFixtures.snapshotFiles());

        assertThat(second.inserted()).isZero();
        assertThat(second.replaced()).isZero();
        assertThat(database.inTransaction(repository::count)).isEqualTo(stored);
    }

    @Test
    void keepsTheRecordWithTheNewestModified(@TempDir Path dir) throws IOException {
        Path older = write(dir, "a.jsonl", npmRecord("NSWG-ECO-1", "2020-01-01T00:00:00Z", "left-pad", "0", "1.0.1"));
        Path newer = write(dir, "b.jsonl", npmRecord("NSWG-ECO-1", "2021-01-01T00:00:00Z", "left-pad", "0", "1.0.2"));

        importer.importPaths(List.of(newer));
        importer.importPaths(List.of(older));

        assertThat(stored(Ecosystem.NPM)).singleElement().satisfies(a -> assertThat(
                a.affected().getFirst().ranges().getFirst().events().get(1).version()).isEqualTo("1.0.2"));
    }

    @Test
    void keepsTheGhsaRecordOfAnAdvisoryThatAnotherSourceAliases(@TempDir Path dir) throws IOException {
        Path retire = write(dir, "retire.jsonl", npmRecord("RETIREJS-jquery-1", "2026-01-01T00:00:00Z", "jquery",
                "0", "1.6.3", "GHSA-579v-mp3v-rrw5", "CVE-2011-4969"));
        Path ghsa = write(dir, "ghsa.json", npmRecord("GHSA-579v-mp3v-rrw5", "2023-01-01T00:00:00Z", "jquery",
                "0", "1.6.3", "CVE-2011-4969"));
        Path unrelated = write(dir, "other.jsonl", npmRecord("RETIREJS-other-1", "2026-01-01T00:00:00Z", "other",
                "0", "1.0.0", "CVE-2011-4969"));

        importer.importPaths(List.of(retire, unrelated));
        importer.importPaths(List.of(ghsa));
        importer.importPaths(List.of(retire));

        assertThat(stored(Ecosystem.NPM)).extracting(Advisory::id)
                .containsExactlyInAnyOrder("GHSA-579v-mp3v-rrw5", "RETIREJS-other-1");
    }

    @Test
    void importsAZipOfOsvFilesAndReportsTheEcosystemStatus() throws IOException {
        byte[] zip = zip("GHSA-aaaa-bbbb-cccc.json", npmRecord("GHSA-aaaa-bbbb-cccc", "2024-05-01T00:00:00Z",
                "lodash", "0", "4.17.21"));

        var result = importer.importZip(new ByteArrayInputStream(zip), "npm/all.zip");

        assertThat(result.inserted()).isEqualTo(1);
        assertThat(database.inTransaction(repository::statuses)).singleElement().satisfies(status -> {
            assertThat(status.ecosystem()).isEqualTo(Ecosystem.NPM);
            assertThat(status.advisories()).isEqualTo(1);
            assertThat(status.view().newestModified()).isEqualTo("2024-05-01T00:00:00Z");
            assertThat(status.source()).isEqualTo("npm/all.zip");
        });
    }

    @Test
    void refusesAZipEntryLargerThanTheLimit() throws IOException {
        byte[] zip = zip("huge.json", " ".repeat((int) OsvReader.MAX_ENTRY_BYTES + 1));

        assertThatThrownBy(() -> importer.importZip(new ByteArrayInputStream(zip), "bomb.zip"))
                .isInstanceOf(IOException.class).hasMessageContaining("larger than");
        assertThat(database.inTransaction(repository::count)).isZero();
    }

    @Test
    void skipsMalformedRecordsAndRecordsOfUnsupportedEcosystems(@TempDir Path dir) throws IOException {
        Path file = write(dir, "mixed.jsonl", "{not json\n"
                + "{\"id\":\"DEBIAN-1\",\"modified\":\"2024-01-01T00:00:00Z\",\"affected\":[{\"package\":"
                + "{\"ecosystem\":\"Debian:12\",\"name\":\"openssl\"},\"versions\":[\"1\"]}]}\n"
                + npmRecord("NSWG-ECO-2", "2024-01-01T00:00:00Z", "qs", "0", "6.0.4"));

        var result = importer.importPaths(List.of(file));

        assertThat(result.read()).isEqualTo(3);
        assertThat(result.skipped()).isEqualTo(2);
        assertThat(result.inserted()).isEqualTo(1);
    }

    private List<Advisory> stored(Ecosystem ecosystem) {
        return database.inTransaction(c -> repository.ofEcosystem(c, ecosystem));
    }

    private static Path write(Path dir, String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    static byte[] zip(String name, String content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return bytes.toByteArray();
    }
}
