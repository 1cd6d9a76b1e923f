package dev.vigil.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The server's layers (ADR 0045): each depends only downwards, and no top-level package cycle exists; the Java
 * migrations use no live code (ADR 0046).
 */
class ArchitectureTest {

    private static final String SERVER = "dev.vigil.server";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(SERVER);

    private static LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Support").definedBy(SERVER + ".work..", SERVER + ".outbound..", SERVER + ".export..")
                .layer("Engines").definedBy(SERVER + ".scan..")
                .layer("Store").definedBy(SERVER + ".store..")
                .layer("Access").definedBy(SERVER + ".access..")
                .layer("Domain").definedBy(SERVER + ".triage..", SERVER + ".pr..", SERVER + ".advisories..",
                        SERVER + ".policy..", SERVER + ".decisions..", SERVER + ".vex..", SERVER + ".notify..")
                .layer("Pipeline").definedBy(SERVER + ".pipeline..")
                .layer("Edge").definedBy(SERVER + ".http..", SERVER + ".api..", SERVER + ".ops..")
                .layer("Entry").definedBy(SERVER, SERVER + ".cli..");
    }

    @Test
    void everyLayerDependsOnlyOnTheLayersBelowIt() {
        layers()
                .whereLayer("Entry").mayNotBeAccessedByAnyLayer()
                .whereLayer("Edge").mayOnlyBeAccessedByLayers("Entry")
                .whereLayer("Pipeline").mayOnlyBeAccessedByLayers("Edge", "Entry")
                .whereLayer("Domain").mayOnlyBeAccessedByLayers("Pipeline", "Edge", "Entry")
                .whereLayer("Access").mayOnlyBeAccessedByLayers("Domain", "Pipeline", "Edge", "Entry")
                .whereLayer("Store").mayOnlyBeAccessedByLayers("Access", "Domain", "Pipeline", "Edge", "Entry")
                .whereLayer("Engines")
                .mayOnlyBeAccessedByLayers("Store", "Access", "Domain", "Pipeline", "Edge", "Entry")
                .whereLayer("Support").mayNotAccessAnyLayer()
                .check(CLASSES);
    }

    @Test
    void enginesDependOnTheModelAndTheirOwnRulesOnly() {
        noClasses().that().resideInAPackage(SERVER + ".scan..")
                .should().dependOnClassesThat(resideInAPackage(SERVER + "..")
                        .and(not(resideInAPackage(SERVER + ".scan.."))))
                .check(CLASSES);
    }

    @Test
    void enginesReachNeitherTheDatabaseNorTheNetwork() {
        noClasses().that().resideInAPackage(SERVER + ".scan..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "java.net.http..",
                        "io.helidon..", "org.apache.hc..")
                .check(CLASSES);
    }

    @Test
    void theHttpEdgeDoesNotReachIntoTheResources() {
        noClasses().that().resideInAPackage(SERVER + ".http..")
                .should().dependOnClassesThat().resideInAnyPackage(SERVER + ".api..", SERVER + ".ops..")
                .check(CLASSES);
    }

    @Test
    void domainCodeThrowsItsOwnExceptionsNotTheHttpOnes() {
        noClasses().that().resideInAnyPackage(SERVER + ".triage..", SERVER + ".pr..", SERVER + ".advisories..",
                        SERVER + ".policy..", SERVER + ".decisions..", SERVER + ".vex..", SERVER + ".notify..", SERVER + ".access..",
                        SERVER + ".pipeline..", SERVER + ".store..")
                .should().dependOnClassesThat().resideInAnyPackage("io.helidon.webserver..", SERVER + ".http..")
                .check(CLASSES);
    }

    @Test
    void javaMigrationsCallNoLiveCode() {
        JavaClasses migrations = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("db.migration");
        noClasses().that().resideInAPackage("db.migration..")
                .should().dependOnClassesThat().resideInAPackage("dev.vigil..")
                .check(migrations);
    }

    @Test
    void noTopLevelPackageCycle() {
        slices().matching(SERVER + ".(*)..").should().beFreeOfCycles().check(CLASSES);
    }
}
