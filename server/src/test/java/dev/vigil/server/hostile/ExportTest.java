package dev.vigil.server.hostile;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.api.FindingReads;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Exports read by clients that take their time: they must not hold what other requests need. */
@VigilServerTest
class ExportTest {

    /** With no scan workers the pool has ten connections (NodeSizing.poolSize): more exporters than that. */
    private static final int SLOW_EXPORTERS = 12;

    private static TestServer server;
    private static TestServer.Tenant tenant;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withWorkers(0);
    }

    @BeforeAll
    static void seed() {
        Project project = tenant.owner().createProject(new NewProject("exported", "main"));
        new FindingSeeder(server.server().database(), 7).seed(tenant.id(), project.id(), FindingReads.MAX_EXPORT_ROWS,
                System.currentTimeMillis());
    }

    @Test
    void slowExportReadersDoNotHoldTheConnectionsOtherRequestsNeed() throws Exception {
        List<Socket> exporters = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_EXPORTERS; i++) {
                exporters.add(startExport());
            }
            Thread.sleep(1_000); // every export has filled its socket's buffers and waits for its reader

            long start = System.nanoTime();
            var list = tenant.owner().send("GET", "/v1/repo-vulnerabilities?limit=5", Map.of(), null);
            long millis = (System.nanoTime() - start) / 1_000_000;

            assertThat(list.status()).isEqualTo(200);
            assertThat(millis).as("the list's answer time in ms").isLessThan(5_000);
            assertThat(tenant.owner().findings().list(FindingFilter.none(), 1, null).data()).hasSize(1);
            assertThat(readToTheEnd(exporters.getFirst())).as("the slow export, read at last, is whole")
                    .isEqualTo(FindingReads.MAX_EXPORT_ROWS);
        } finally {
            for (Socket exporter : exporters) {
                exporter.close();
            }
        }
    }

    /** Asks for the CSV export and reads only its first bytes, with a receive buffer of 4 KiB. */
    private static Socket startExport() throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress(server.server().uri().getHost(), server.server().port()));
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(("GET /v1/repo-vulnerabilities/export HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Authorization: Bearer " + tenant.ownerKey() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertThat(new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII))
                .isEqualTo("HTTP/1.1 200");
        return socket;
    }

    /** Reads the rest of an export's answer, a chunked CSV; the count of distinct finding ids in its rows. */
    private static int readToTheEnd(Socket exporter) throws IOException {
        InputStream in = new BufferedInputStream(exporter.getInputStream());
        while (!line(in).isEmpty()) {
            // the rest of the head; the export's length is not known in advance, so its body comes in chunks
        }
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
            csv.write(in.readNBytes(size));
            line(in);
        }
        Set<String> ids = new HashSet<>();
        csv.toString(StandardCharsets.UTF_8).lines().filter(l -> l.matches("^[0-9a-f]{8}-[0-9a-f]{4}-.*"))
                .forEach(l -> ids.add(l.substring(0, 36)));
        return ids.size();
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString().strip();
    }
}
