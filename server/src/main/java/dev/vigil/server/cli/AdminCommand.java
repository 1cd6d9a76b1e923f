package dev.vigil.server.cli;

import dev.vigil.client.SystemClient;
import dev.vigil.model.Json;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.ops.SystemToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.net.URI;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.Callable;

/** {@code vigil admin}: the operators' commands, a client of the server's system API. */
@Command(name = "admin", description = "Manage tenants and subscriptions through a running server.",
        subcommands = {AdminCommand.CreateTenant.class, AdminCommand.SetSubscription.class})
final class AdminCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Where the server is and where its system token lives. */
    static final class Target {
        @Option(names = "--server", description = "URL of the server (default: ${DEFAULT-VALUE}).",
                defaultValue = "http://127.0.0.1:8080")
        URI server;

        @Option(names = "--data-dir", description = "The server's data directory, which holds its system token "
                + "(default: ~/.vigil); $VIGIL_SYSTEM_TOKEN wins when set.")
        Path dataDir;

        SystemClient client() {
            String token = System.getenv("VIGIL_SYSTEM_TOKEN");
            if (token == null || token.isBlank()) {
                token = SystemToken.read(dataDir == null ? ServerSettings.defaultDataDir() : dataDir);
            }
            return SystemClient.of(server, token);
        }
    }

    @Command(name = "create-tenant", description = "Create a tenant with its Owner; prints the Owner's first API key once.")
    static final class CreateTenant implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Target target;

        @Option(names = "--name", required = true, description = "Name of the tenant (organisation).")
        String name;

        @Option(names = "--owner-email", required = true, description = "Email of the tenant's Owner.")
        String ownerEmail;

        @Option(names = "--plan", description = "free, team or enterprise (default: ${DEFAULT-VALUE}).", defaultValue = "team")
        String plan;

        @Override
        public Integer call() throws Exception {
            var created = target.client().createTenant(new NewTenant(name, ownerEmail, Plan.of(plan)));
            spec.commandLine().getOut().println(Json.mapper().writeValueAsString(created));
            return 0;
        }
    }

    @Command(name = "set-subscription", description = "Change a tenant's plan or subscription status.")
    static final class SetSubscription implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Target target;

        @Option(names = "--tenant", required = true, description = "Tenant id.")
        UUID tenant;

        @Option(names = "--plan", description = "free, team or enterprise.")
        String plan;

        @Option(names = "--status", description = "active or canceled.")
        String status;

        @Override
        public Integer call() throws Exception {
            var change = new SubscriptionChange(plan == null ? null : Plan.of(plan),
                    status == null ? null : SubscriptionStatus.of(status));
            var tenantRecord = target.client().setSubscription(tenant, change);
            spec.commandLine().getOut().println(Json.mapper().writeValueAsString(tenantRecord));
            return 0;
        }
    }
}
