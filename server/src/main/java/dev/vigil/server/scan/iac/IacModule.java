package dev.vigil.server.scan.iac;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The files read together (the {@code .tf} files of one directory, or one file alone), with what checks
 * that relate resources compute once for all of them: indexes, not a walk of the module per resource.
 */
final class IacModule {

    private final List<IacFile> files;
    private Map<String, List<IacResource>> byType;
    private final Map<Object, Object> computed = new HashMap<>();

    IacModule(List<IacFile> files) {
        this.files = List.copyOf(files);
    }

    /** The resources of one type in the module's files, in order. */
    List<IacResource> ofType(String type) {
        if (byType == null) {
            byType = files.stream().flatMap(file -> file.ownResources().stream())
                    .collect(Collectors.groupingBy(IacResource::type));
        }
        return byType.getOrDefault(type, List.of());
    }

    /** What {@code compute} gives for this module, computed at the first call for an equal {@code key}. */
    @SuppressWarnings("unchecked")
    <T> T computed(Object key, Supplier<T> compute) {
        Object value = computed.get(key);
        if (value == null) {
            value = compute.get();
            computed.put(key, value);
        }
        return (T) value;
    }
}
