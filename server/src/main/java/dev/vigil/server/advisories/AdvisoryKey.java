package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;

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

    /**
     * Whether this record and {@code other}, found through a shared id or alias, describe the same
     * vulnerability: same id; or a common package and either one names the other's id, or their CVE ids meet,
     * or one of them has no CVE id to tell them apart. (Two PYSEC records citing one GHSA that covers two
     * CVEs stay two advisories.)
     */
    boolean sameAdvisoryAs(AdvisoryKey other) {
        if (id.equals(other.id)) {
            return true;
        }
        if (packages.stream().noneMatch(other.packages::contains)) {
            return false;
        }
        if (other.ids.contains(id) || ids.contains(other.id)) {
            return true;
        }
        Set<String> cves = cves();
        Set<String> otherCves = other.cves();
        return cves.isEmpty() || otherCves.isEmpty() || cves.stream().anyMatch(otherCves::contains);
    }

    private Set<String> cves() {
        return Set.copyOf(ids.stream().filter(i -> i.startsWith("CVE-")).toList());
    }
}
