package dev.vigil.server.scan.iac;

import java.util.List;

/** Reads one {@code .tf} file on its own into resources, evaluated as a root module of that file alone. */
final class TerraformReader {

    private TerraformReader() {
    }

    static IacFile read(String path, String text) {
        TerraformModules modules = new TerraformModules();
        modules.add(path, HclParser.parse(text), text.length());
        List<IacFile> files = modules.files();
        return files.isEmpty() ? new IacFile(path) : files.getFirst();
    }
}
