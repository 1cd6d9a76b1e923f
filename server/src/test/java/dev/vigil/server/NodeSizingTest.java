package dev.vigil.server;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A node's connections: two per worker and eight for requests, at least ten; a quarter for uploads. */
class NodeSizingTest {

    @Test
    void givesEachWorkerTwoConnectionsAndRequestsTheRest() {
        assertThat(NodeSizing.poolSize(0)).isEqualTo(10);
        assertThat(NodeSizing.poolSize(2)).isEqualTo(12);
        assertThat(NodeSizing.poolSize(8)).isEqualTo(24);
        assertThat(NodeSizing.concurrentRequests(0)).isEqualTo(10);
        assertThat(NodeSizing.concurrentRequests(2)).isEqualTo(8);
        assertThat(NodeSizing.concurrentRequests(8)).isEqualTo(8);
    }

    @Test
    void storesAQuarterOfThePoolsUploadsAtOnceAndAtLeastTwo() {
        assertThat(NodeSizing.uploadPermits(0)).isEqualTo(2);
        assertThat(NodeSizing.uploadPermits(2)).isEqualTo(3);
        assertThat(NodeSizing.uploadPermits(8)).isEqualTo(6);
    }

    @Test
    void keepsHouseFourTimesPerLeaseAndAtMostEveryTenthOfASecond() {
        assertThat(NodeSizing.housekeepingPeriod(Duration.ofSeconds(5))).isEqualTo(Duration.ofMillis(1250));
        assertThat(NodeSizing.housekeepingPeriod(Duration.ofMillis(200))).isEqualTo(Duration.ofMillis(100));
    }
}
