package dev.vigil.desktop;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** View models and the connection layer stay free of the scene graph, so that they test without the FX thread. */
class ArchitectureTest {

    private static final JavaClasses DESKTOP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.vigil.desktop");

    @Test
    void viewModelsDoNotTouchTheSceneGraph() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..",
                        "javafx.application..")
                .allowEmptyShould(true)
                .check(DESKTOP);
    }

    @Test
    void theConnectionLayerDoesNotTouchTheSceneGraph() {
        noClasses().that().resideInAnyPackage("dev.vigil.desktop.connection..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..",
                        "javafx.application..")
                .check(DESKTOP);
    }
}
