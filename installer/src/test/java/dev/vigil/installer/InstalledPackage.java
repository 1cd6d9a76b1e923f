package dev.vigil.installer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The .deb that the build just made, unpacked with {@code dpkg -x} into a scratch root, its jars given the
 * modification time its postinst gives them (the class cache holds only for that time).
 */
record InstalledPackage(Path deb, Path root) {

    static InstalledPackage unpack(Path scratch) throws IOException, InterruptedException {
        Path dist = Path.of(System.getProperty("vigil.installer.dist", "target/dist"));
        Path deb;
        try (Stream<Path> files = Files.list(dist)) {
            deb = files.filter(file -> file.toString().endsWith(".deb")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no .deb in " + dist));
        }
        Path root = Files.createDirectories(scratch.resolve("root"));
        Processes.run(List.of("dpkg", "-x", deb.toString(), root.toString()), Path.of("."), 120);
        InstalledPackage installed = new InstalledPackage(deb, root);
        installed.setJarTimes(FileTime.from(cacheEpoch(), TimeUnit.SECONDS));
        return installed;
    }

    /** The jars' modification time that the class cache was trained with ({@code installer.cache.epoch}). */
    static long cacheEpoch() {
        return Long.parseLong(System.getProperty("vigil.installer.cache.epoch"));
    }

    /** The text of one of the package's maintainer scripts ({@code postinst}, {@code prerm}, …). */
    String controlScript(String name) throws IOException, InterruptedException {
        Path control = root.resolveSibling("control");
        Processes.run(List.of("dpkg-deb", "-e", deb.toString(), control.toString()), Path.of("."), 60);
        return Files.readString(control.resolve(name));
    }

    private void setJarTimes(FileTime time) throws IOException {
        try (Stream<Path> files = Files.walk(appDirectory().resolve("lib/app"))) {
            for (Path jar : files.filter(file -> file.toString().endsWith(".jar")).toList()) {
                Files.setLastModifiedTime(jar, time);
            }
        }
    }

    Path launcher() {
        return root.resolve("opt/vigil/bin/vigil");
    }

    Path appDirectory() {
        return root.resolve("opt/vigil");
    }

    long sizeOnDisk() {
        try (Stream<Path> files = Files.walk(appDirectory())) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
