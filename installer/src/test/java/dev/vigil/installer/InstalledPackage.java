package dev.vigil.installer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The .deb that the build just made, unpacked with {@code dpkg -x} into a scratch root. */
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
        return new InstalledPackage(deb, root);
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
