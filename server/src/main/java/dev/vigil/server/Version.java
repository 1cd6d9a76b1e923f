package dev.vigil.server;

/** The version of this build, from the jar manifest (or "dev" when run from classes). */
public final class Version {

    private Version() {
    }

    public static String current() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
