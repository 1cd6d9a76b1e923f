package dev.vigil.server.api;

import dev.vigil.model.Role;
import dev.vigil.model.VexFormat;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.vex.Vex;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.UUID;

/** {@code /v1/projects/:id/vex}: the project's SCA findings as VEX (any role); a VEX document applied (Admin/Owner). */
public final class VexService implements HttpService {

    private final Vex vex;

    public VexService(Vex vex) {
        this.vex = vex;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/{id}/vex", this::exportVex)
                .post("/{id}/vex", this::importVex);
    }

    private void exportVex(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        VexFormat format = new QueryReader(request.query()).oneOf("format", VexFormat.class)
                .orElse(VexFormat.CYCLONEDX);
        UUID projectId = PathIds.id(request, "project");
        JsonIo.ok(response, vex.export(caller, projectId, format));
    }

    private void importVex(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "applying a VEX document");
        UUID projectId = PathIds.id(request, "project");
        JsonIo.ok(response, vex.apply(caller, projectId, JsonIo.readObject(request)));
    }
}
