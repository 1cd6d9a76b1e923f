package dev.vigil.server.scan.iac;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/** Network exposure: rules that let the whole internet reach a port, across providers. */
final class NetworkRules {

    private static final Set<String> ANYWHERE = Set.of("0.0.0.0/0", "::/0", "*", "internet", "any", "0.0.0.0");

    private NetworkRules() {
    }

    /** AWS security groups, their rules and VPC ingress rules; {@code port} -1 means any port. */
    static int awsOpenIngress(IacResource resource, int port) {
        Node body = resource.body();
        return switch (resource.type()) {
            case "aws_security_group" -> body.resolve("ingress").stream().flatMap(list -> list.items().stream())
                    .mapToInt(rule -> awsRuleOpen(rule, port, "cidr_blocks", "ipv6_cidr_blocks"))
                    .filter(line -> line > 0).findFirst().orElse(0);
            case "aws_security_group_rule" -> body.textOf("type").equals("ingress")
                    ? awsRuleOpen(body, port, "cidr_blocks", "ipv6_cidr_blocks") : 0;
            case "aws_vpc_security_group_ingress_rule" -> awsRuleOpen(body, port, "cidr_ipv4", "cidr_ipv6");
            case "AWS::EC2::SecurityGroup" -> body.resolve("SecurityGroupIngress").stream()
                    .flatMap(list -> list.isList() ? list.items().stream() : Stream.of(list))
                    .mapToInt(rule -> cloudFormationRuleOpen(rule, port)).filter(line -> line > 0).findFirst().orElse(0);
            case "AWS::EC2::SecurityGroupIngress" -> cloudFormationRuleOpen(body, port);
            default -> 0;
        };
    }

    private static int awsRuleOpen(Node rule, int port, String... cidrKeys) {
        int line = openSource(rule, cidrKeys);
        if (line == 0) {
            return 0;
        }
        if (rule.textOf("protocol").equals("-1") || rule.textOf("ip_protocol").equals("-1")
                || rule.textOf("protocol").equalsIgnoreCase("all")) {
            return line;
        }
        return covers(rule.textOf("from_port"), rule.textOf("to_port"), port) ? line : 0;
    }

    private static int cloudFormationRuleOpen(Node rule, int port) {
        int line = openSource(rule, "CidrIp", "CidrIpv6");
        if (line == 0) {
            return 0;
        }
        String protocol = rule.textOf("IpProtocol");
        if (protocol.equals("-1") || protocol.equalsIgnoreCase("all")) {
            return line;
        }
        return covers(rule.textOf("FromPort"), rule.textOf("ToPort"), port) ? line : 0;
    }

    /** AWS network ACL rules that allow ingress from anywhere. */
    static int awsNaclOpen(IacResource resource, int port) {
        Node body = resource.body();
        if (!resource.type().equals("aws_network_acl_rule") || body.textOf("egress").equals("true")
                || !body.textOf("rule_action").equalsIgnoreCase("allow")) {
            return 0;
        }
        int line = openSource(body, "cidr_block", "ipv6_cidr_block");
        if (line == 0) {
            return 0;
        }
        boolean allProtocols = body.textOf("protocol").equals("-1") || body.textOf("protocol").equalsIgnoreCase("all");
        return allProtocols || covers(body.textOf("from_port"), body.textOf("to_port"), port) ? line : 0;
    }

    /** Azure network security groups and rules: inbound allow from anywhere to the port. */
    static int azureOpen(IacResource resource, int port) {
        List<Node> rules = resource.type().equals("azurerm_network_security_rule")
                ? List.of(resource.body())
                : resource.body().resolve("security_rule").stream().flatMap(list -> list.items().stream()).toList();
        for (Node rule : rules) {
            if (!rule.textOf("direction").equalsIgnoreCase("inbound") || !rule.textOf("access").equalsIgnoreCase("allow")
                    || rule.textOf("protocol").equalsIgnoreCase("icmp")) {
                continue;
            }
            int line = openSource(rule, "source_address_prefix", "source_address_prefixes");
            if (line == 0) {
                continue;
            }
            for (Node range : rule.resolve("destination_port_range")) {
                if (azureRangeCovers(range.text(), port)) {
                    return line;
                }
            }
            for (Node ranges : rule.resolve("destination_port_ranges")) {
                for (Node range : ranges.scalars()) {
                    if (azureRangeCovers(range.text(), port)) {
                        return line;
                    }
                }
            }
        }
        return 0;
    }

    private static boolean azureRangeCovers(String range, int port) {
        if (range.strip().equals("*")) {
            return true;
        }
        int dash = range.indexOf('-');
        return dash < 0 ? covers(range, range, port) : covers(range.substring(0, dash), range.substring(dash + 1), port);
    }

    /** Google compute firewalls: ingress from anywhere allowing the port (a rule without ports allows all). */
    static int gcpOpen(IacResource resource, int port) {
        Node body = resource.body();
        if (body.textOf("direction").equalsIgnoreCase("egress") || body.textOf("disabled").equals("true")) {
            return 0;
        }
        int line = openSource(body, "source_ranges");
        if (line == 0) {
            return 0;
        }
        for (Node allow : body.resolve("allow").stream().flatMap(list -> list.items().stream()).toList()) {
            String protocol = allow.textOf("protocol").toLowerCase(Locale.ROOT);
            if (!protocol.equals("tcp") && !protocol.equals("all") && !protocol.equals("udp")) {
                continue;
            }
            List<Node> ports = allow.resolve("ports");
            if (ports.isEmpty() || protocol.equals("all")) {
                return line;
            }
            for (Node list : ports) {
                for (Node range : list.scalars()) {
                    if (azureRangeCovers(range.text(), port)) {
                        return line;
                    }
                }
            }
        }
        return 0;
    }

    /** The line of the first source attribute that holds an anywhere range, or 0. */
    private static int openSource(Node rule, String... keys) {
        for (String key : keys) {
            for (Node node : rule.resolve(key)) {
                for (Node value : node.scalars()) {
                    if (!value.isExpression() && ANYWHERE.contains(value.text().strip().toLowerCase(Locale.ROOT))) {
                        return value.line();
                    }
                }
            }
        }
        return 0;
    }

    private static boolean covers(String from, String to, int port) {
        try {
            int low = Integer.parseInt(from.strip());
            int high = to.isBlank() ? low : Integer.parseInt(to.strip());
            if (port < 0) {
                return true;
            }
            return (low == 0 && high == 0) || (low == -1) || (low <= port && port <= high) || (low == 0 && high >= 65535);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
