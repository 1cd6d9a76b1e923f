package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The resources read from one file, in order. */
final class IacFile {

    private final String path;
    private final List<IacResource> resources = new ArrayList<>();
    private IacModule module;

    IacFile(String path) {
        this.path = path;
    }

    String path() {
        return path;
    }

    void add(Framework framework, String type, String address, int line, Node body) {
        add(framework, type, address, line, body, Node.map(line));
    }

    void add(Framework framework, String type, String address, int line, Node body, Node context) {
        resources.add(new IacResource(framework, type, address, line, body, context, this));
    }

    /** A Terraform resource named in findings by {@code label} (an instance key, a module's caller). */
    void add(Framework framework, String type, String address, int line, Node body, String label) {
        resources.add(new IacResource(framework, type, address, line, body, Node.map(line), this, label));
    }

    List<IacResource> resources() {
        return List.copyOf(resources);
    }

    List<IacResource> ownResources() {
        return Collections.unmodifiableList(resources);
    }

    /** The files this one is read with: the other {@code .tf} files of its directory (a Terraform module). */
    void joinModule(IacModule files) {
        module = files;
    }

    /**
     * This file and the files of its module, for rules that relate resources (a bucket and its public access
     * block).
     */
    IacModule module() {
        if (module == null) {
            module = new IacModule(List.of(this));
        }
        return module;
    }
}
