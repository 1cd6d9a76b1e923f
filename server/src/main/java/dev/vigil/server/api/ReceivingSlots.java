package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How many uploads this node receives at once, in all and per tenant: each may take 50 MiB of disk in the
 * {@link UploadSpool} while its client sends it. One over either bound is answered 503 SERVER_BUSY at once.
 */
final class ReceivingSlots {

    /** A taken slot; closing gives it back. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    private final int atOnce;
    private final int perTenant;
    private final Map<UUID, Integer> taken = new HashMap<>();
    private int total;

    ReceivingSlots(int atOnce, int perTenant) {
        this.atOnce = atOnce;
        this.perTenant = perTenant;
    }

    synchronized Slot take(UUID tenant) {
        int ofTenant = taken.getOrDefault(tenant, 0);
        if (ofTenant >= perTenant) {
            throw busy("this tenant has " + perTenant + " uploads under way on this node");
        }
        if (total >= atOnce) {
            throw busy("this node receives " + atOnce + " uploads already");
        }
        taken.put(tenant, ofTenant + 1);
        total++;
        return () -> give(tenant);
    }

    private synchronized void give(UUID tenant) {
        taken.computeIfPresent(tenant, (id, count) -> count == 1 ? null : count - 1);
        total--;
    }

    private static ApiException busy(String why) {
        return new ApiException(503, "SERVER_BUSY", why + "; retry when one has ended", List.of(),
                Map.of("Retry-After", "5"));
    }
}
