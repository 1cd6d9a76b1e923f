package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which advisories an import keeps, against what is stored and among themselves.
 *
 * <p>The rule: two records are the same advisory when they have the same id, or when their ids and aliases
 * meet, they affect a common package (a CVE shared by two unrelated packages is two advisories) and their CVE
 * ids do not tell them apart (see {@link AdvisoryKey#sameAdvisoryAs}). Of the same id, the newer {@code modified} wins and an equal one changes nothing, so that an
 * import is idempotent. Across sources, a record whose own id is a GHSA id beats one whose id is a CVE,
 * which beats any other id (RETIREJS-…, NSWG-…, PYSEC-…); between equals the newer {@code modified} wins.
 */
public final class AdvisoryMerge {

    private final Map<String, AdvisoryKey> winners = new HashMap<>();
    private final Map<String, Set<String>> idsByAlias = new HashMap<>();
    private final Set<String> stored = new HashSet<>();
    private final Set<String> removedStored = new HashSet<>();
    private final Map<String, Advisory> accepted = new LinkedHashMap<>();

    public AdvisoryMerge(List<AdvisoryKey> storedKeys) {
        for (AdvisoryKey key : storedKeys) {
            stored.add(key.id());
            add(key);
        }
    }

    /** Offers one incoming record; returns whether it is (for now) kept. */
    public boolean offer(Advisory advisory) {
        AdvisoryKey incoming = AdvisoryKey.of(advisory);
        List<AdvisoryKey> rivals = rivals(incoming);
        for (AdvisoryKey rival : rivals) {
            if (!beats(incoming, rival)) {
                return false;
            }
        }
        rivals.forEach(this::remove);
        add(incoming);
        accepted.put(advisory.id(), advisory);
        return true;
    }

    /** The stored ids to delete: replaced by a newer record or beaten by a preferred one. */
    public Set<String> deletions() {
        return Set.copyOf(removedStored);
    }

    /** The records to insert, in the order offered. */
    public List<Advisory> insertions() {
        return new ArrayList<>(accepted.values());
    }

    private List<AdvisoryKey> rivals(AdvisoryKey incoming) {
        Set<String> candidates = new HashSet<>();
        for (String id : incoming.ids()) {
            candidates.addAll(idsByAlias.getOrDefault(id, Set.of()));
        }
        List<AdvisoryKey> rivals = new ArrayList<>();
        for (String id : candidates) {
            AdvisoryKey key = winners.get(id);
            if (key.sameAdvisoryAs(incoming)) {
                rivals.add(key);
            }
        }
        return rivals;
    }

    static boolean beats(AdvisoryKey incoming, AdvisoryKey rival) {
        if (!incoming.id().equals(rival.id())) {
            int byId = Integer.compare(Advisory.rank(incoming.id()), Advisory.rank(rival.id()));
            if (byId != 0) {
                return byId < 0;
            }
        }
        return incoming.modified() > rival.modified();
    }

    private void add(AdvisoryKey key) {
        winners.put(key.id(), key);
        for (String id : key.ids()) {
            idsByAlias.computeIfAbsent(id, k -> new HashSet<>()).add(key.id());
        }
    }

    private void remove(AdvisoryKey key) {
        winners.remove(key.id());
        accepted.remove(key.id());
        if (stored.contains(key.id())) {
            removedStored.add(key.id());
        }
        for (String id : key.ids()) {
            Set<String> owners = idsByAlias.get(id);
            if (owners != null) {
                owners.remove(key.id());
            }
        }
    }
}
