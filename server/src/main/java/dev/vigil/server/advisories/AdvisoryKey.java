package dev.vigil.server.advisories;

import java.util.Objects;
import java.util.Set;

/**
 * What deduplication needs to know of an advisory, stored or incoming: its ids and the packages it affects.
 *
 * @param ids      the advisory's id and aliases
 * @param packages {@code ecosystem:name} of every affected package
 */
public record AdvisoryKey(String id, long modified, Set<String> ids, Set<String> packages) {

    public AdvisoryKey {
        Objects.requireNonNull(id, "id");
        ids = Set.copyOf(ids);
        packages = Set.copyOf(packages);
    }

    public static AdvisoryKey of(Advisory advisory) {
        return new AdvisoryKey(advisory.id(), advisory.modified(), Set.copyOf(advisory.allIds()),
                Set.copyOf(advisory.affected().stream().map(a -> a.ecosystem().name() + ":" + a.name()).toList()));
    }

    boolean sharesPackageWith(AdvisoryKey other) {
        return packages.stream().anyMatch(other.packages::contains);
    }
}
