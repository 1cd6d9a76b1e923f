package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Every manifest and lockfile parser of the dependency engine over hostile bytes, through the engine as a
 * scan runs it (parse, match, bill of materials). Seeds: {@code ManifestFuzzTestInputs/<method>/}.
 */
class ManifestFuzzTest {

    @FuzzTest
    void npmLockfile(byte[] input) {
        Engines.sca("package-lock.json", "package.json", input);
    }

    @FuzzTest
    void packageJson(byte[] input) {
        Engines.sca("package.json", input);
    }

    @FuzzTest
    void yarnLock(byte[] input) {
        Engines.sca("yarn.lock", "package.json", input);
    }

    @FuzzTest
    void pnpmLock(byte[] input) {
        Engines.sca("pnpm-lock.yaml", "package.json", input);
    }

    @FuzzTest
    void pipfileLock(byte[] input) {
        Engines.sca("Pipfile.lock", "Pipfile", input);
    }

    @FuzzTest
    void poetryLock(byte[] input) {
        Engines.sca("poetry.lock", "pyproject.toml", input);
    }

    @FuzzTest
    void uvLock(byte[] input) {
        Engines.sca("uv.lock", "pyproject.toml", input);
    }

    @FuzzTest
    void requirements(byte[] input) {
        Engines.sca("requirements.txt", input);
    }

    @FuzzTest
    void pom(byte[] input) {
        Engines.sca("pom.xml", "parent/pom.xml", input);
    }

    @FuzzTest
    void goMod(byte[] input) {
        Engines.sca("go.mod", input);
    }

    @FuzzTest
    void cargoLock(byte[] input) {
        Engines.sca("Cargo.lock", "Cargo.toml", input);
    }

    @FuzzTest
    void gemfileLock(byte[] input) {
        Engines.sca("Gemfile.lock", "Gemfile", input);
    }

    @FuzzTest
    void composerLock(byte[] input) {
        Engines.sca("composer.lock", "composer.json", input);
    }

    @FuzzTest
    void gradleLockfile(byte[] input) {
        Engines.sca("gradle.lockfile", input);
    }

    @FuzzTest
    void nugetLock(byte[] input) {
        Engines.sca("packages.lock.json", input);
    }
}
