package dev.vigil.server.cli;

import dev.vigil.server.ServerSettings;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.AdvisoryUpdate;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.store.Database;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code vigil advisories}: fill the shared advisory database from OSV files or osv.dev's dumps. */
@Command(name = "advisories", description = "Import OSV advisories into the database the servers share.",
        subcommands = {AdvisoriesCommand.Import.class, AdvisoriesCommand.Update.class})
final class AdvisoriesCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The database, chosen as {@code vigil serve} chooses it. */
    static final class Target {
        @Option(names = "--data-dir", description = "Data directory (default: ~/.vigil, or $VIGIL_DATA_DIR).")
        Path dataDir;

        @Option(names = "--db-url", description = "JDBC URL of the database (default: HSQLDB in the data directory; "
                + "or $VIGIL_DB_URL).")
        String dbUrl;

        Database open() {
            ServerSettings settings = ServerSettings.defaults(dataDir == null ? ServerSettings.defaultDataDir() : dataDir);
            if (dbUrl != null) {
                settings = settings.withDatabase(dbUrl);
            }
            return Database.open(settings.jdbcUrl(), settings.dbUser(), settings.dbPassword().orElse(""), 2);
        }
    }

    @Command(name = "import", description = "Import OSV records from .json/.jsonl files, directories or .zip files.")
    static final class Import implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Target target;

        @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files, directories or zips of OSV records.")
        List<Path> paths;

        @Override
        public Integer call() throws Exception {
            try (Database database = target.open()) {
                var result = new AdvisoryImporter(database, new AdvisoryRepository(), Clock.systemUTC())
                        .importPaths(paths);
                print(spec.commandLine().getOut(), String.join(", ", paths.stream().map(Path::toString).toList()), result);
                return 0;
            }
        }
    }

    @Command(name = "update", description = "Download and import osv.dev's per-ecosystem all.zip dumps.")
    static final class Update implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Target target;

        @Option(names = "--mirror", description = "Base URL of the dumps (default: ${DEFAULT-VALUE}).",
                defaultValue = AdvisoryUpdate.DEFAULT_MIRROR)
        String mirror;

        @Option(names = "--ecosystem", paramLabel = "E", description = "Ecosystems to update, as OSV names them "
                + "(npm, PyPI, Maven, Go, crates.io, RubyGems, Packagist, NuGet); default: all.")
        List<String> ecosystems;

        @Option(names = "--outbound-allow", paramLabel = "HOSTS", description = "Hosts that may be called although "
                + "they resolve to internal addresses, and over plain http, such as a mirror on a private network: "
                + "host or host:port, comma-separated (adds to $" + OutboundGuard.ENVIRONMENT + ").")
        String outboundAllow;

        @Override
        public Integer call() {
            List<Ecosystem> chosen = ecosystems == null ? Arrays.asList(Ecosystem.values())
                    : ecosystems.stream().map(e -> Ecosystem.ofOsv(e).orElseThrow(
                            () -> new picocli.CommandLine.ParameterException(spec.commandLine(), "unknown ecosystem " + e)))
                    .toList();
            try (Database database = target.open()) {
                var importer = new AdvisoryImporter(database, new AdvisoryRepository(), Clock.systemUTC());
                boolean ok = true;
                for (var outcome : new AdvisoryUpdate(importer, outbound(outboundAllow)).update(mirror, chosen)) {
                    if (outcome.ok()) {
                        print(spec.commandLine().getOut(), outcome.uri().toString(), outcome.result());
                    } else {
                        ok = false;
                        spec.commandLine().getErr().println(outcome.ecosystem().osvName() + ": " + outcome.error());
                    }
                }
                return ok ? 0 : 1;
            }
        }
    }

    private static OutboundGuard outbound(String option) {
        String environment = System.getenv(OutboundGuard.ENVIRONMENT);
        return OutboundGuard.allowing(environment == null ? "" : environment)
                .alsoAllowing(option == null ? "" : option);
    }

    static void print(PrintWriter out, String source, AdvisoryImporter.ImportResult result) {
        out.printf("%s: %d records read, %d skipped, %d stored, %d replaced%n", source, result.read(), result.skipped(),
                result.inserted(), result.replaced());
        out.flush();
    }
}
