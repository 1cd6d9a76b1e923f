package dev.vigil.server.scan.iac;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.ParseError;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The iac engine: reads Terraform, Kubernetes manifests, Dockerfiles and CloudFormation templates into
 * resources and runs the bundled rules (one YAML file per provider under {@code rules/}) on them. Terraform
 * waits for the end of the scan: the {@code .tf} files of a directory are one module, evaluated with its
 * variable definitions files and the local modules it calls ({@link TerraformModules},
 * docs/adr/0055-terraform-evaluated-at-the-end-of-the-scan.md). A file that cannot be parsed becomes an
 * {@code IAC_PARSE_ERROR} warning with its line (and the scan resolves no iac finding). Nothing is fetched,
 * run or written: remote modules, data sources and includes are unknown values. Thread-safe; each session
 * is used by one thread.
 */
public final class IacScanner implements Scanner {

    static final String PARSE_ERROR = "IAC_PARSE_ERROR";
    static final String EVALUATION_LIMIT = "IAC_EVALUATION_LIMIT";

    private final RuleBook book;
    private final Map<String, List<IacRule>> rulesByType = new HashMap<>();

    /** A scanner with the bundled rules. */
    public IacScanner() {
        this(RuleBook.bundled());
    }

    IacScanner(RuleBook book) {
        this.book = book;
        for (IacRule rule : book.rules()) {
            for (String type : rule.resources()) {
                rulesByType.computeIfAbsent(rule.framework().wire() + " " + type, key -> new ArrayList<>()).add(rule);
            }
        }
    }

    @Override
    public ScanKind kind() {
        return ScanKind.IAC;
    }

    @Override
    public Session start(Warnings warnings) {
        return new IacSession(warnings, ScanDeadline.none());
    }

    @Override
    public Session start(Warnings warnings, ScanDeadline deadline) {
        return new IacSession(warnings, deadline);
    }

    /** How many rules the scanner runs. */
    public int ruleCount() {
        return book.rules().size();
    }

    /** What a bundled rule means (risk, fix, the provider's page, references), if {@code ruleId} is one. */
    public static Optional<RuleHelp> bundledHelp(String ruleId) {
        return Optional.ofNullable(BundledHelp.BY_RULE.get(ruleId));
    }

    /** The bundled rules' help, read once on first use. */
    private static final class BundledHelp {
        static final Map<String, RuleHelp> BY_RULE = RuleBook.bundled().rules().stream()
                .collect(Collectors.toUnmodifiableMap(IacRule::id, IacRule::help, (a, b) -> a));
    }

    /** Every bundled rule's id with its aliases in other tools (Checkov, Trivy AVD ids). */
    public static Map<String, List<String>> bundledRuleAliases() {
        return RuleBook.bundled().rules().stream().collect(Collectors.toMap(IacRule::id, IacRule::aliases));
    }

    RuleBook book() {
        return book;
    }

    /** Scans one file outside a session; parse errors go to {@code warnings}. */
    List<Detection> scanFile(SourceFile file, Warnings warnings) {
        IacSession session = new IacSession(warnings, ScanDeadline.none());
        session.scan(file);
        return session.finish();
    }

    static boolean isTerraform(SourceFile file) {
        return (file.name().endsWith(".tf") || file.name().endsWith(".tf.json")) && file.size() > 0 && !file.isBinary();
    }

    /**
     * What a file other than Terraform holds, or empty when it is not infrastructure code (recognised
     * cheaply, by name first).
     */
    static Optional<IacFile> read(SourceFile file) {
        String name = file.name();
        if (file.size() == 0 || file.isBinary()) {
            return Optional.empty();
        }
        if (DockerfileReader.isDockerfile(name)) {
            return Optional.of(DockerfileReader.read(file.path(), file.text()));
        }
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            String text = file.text();
            boolean kubernetes = text.contains("apiVersion") && text.contains("kind");
            boolean cloudFormation = text.contains("AWSTemplateFormatVersion") || text.contains("AWS::");
            if ((!kubernetes && !cloudFormation) || (text.contains("{{") && file.path().contains("templates/"))) {
                return Optional.empty();
            }
            return Optional.of(documents(file.path(), TreeReader.yaml(text)));
        }
        if (name.endsWith(".json") || name.endsWith(".template")) {
            String text = file.text();
            if (!text.contains("AWSTemplateFormatVersion") && !text.contains("AWS::")) {
                return Optional.empty();
            }
            return Optional.of(documents(file.path(), TreeReader.json(text)));
        }
        return Optional.empty();
    }

    private static IacFile documents(String path, List<Node> documents) {
        IacFile file = new IacFile(path);
        for (Node document : documents) {
            if (CloudFormationReader.isTemplate(document)) {
                CloudFormationReader.read(document, file);
            } else if (KubernetesReader.isManifest(document)) {
                KubernetesReader.read(document, file);
            }
        }
        return file;
    }

    private final class IacSession implements Session {

        private final Warnings warnings;
        private final ScanDeadline deadline;
        private final TerraformModules terraform = new TerraformModules();
        private final List<Detection> detections = new ArrayList<>();
        private final Set<String> judged = new HashSet<>();
        /** The Terraform files by path, for the context of the findings made when the scan ends. */
        private final Map<String, SourceFile> terraformFiles = new HashMap<>();

        IacSession(Warnings warnings, ScanDeadline deadline) {
            this.warnings = warnings;
            this.deadline = deadline;
        }

        /** Terraform files wait for {@link #finish}: a module spans the files of its directory. */
        @Override
        public void scan(SourceFile file) {
            Optional<IacFile> parsed;
            try {
                if (isTerraform(file)) {
                    terraform.add(file.path(), file.name().endsWith(".json")
                            ? TerraformJson.parse(file.text()) : HclParser.parse(file.text()), file.size());
                    terraformFiles.put(file.path(), file);
                    warnings.reads(file.path());
                    return;
                }
                if (TerraformModules.isVariableDefinitions(file.name()) && file.size() > 0 && !file.isBinary()) {
                    terraform.addValues(file.path(), file.name().endsWith(".json")
                            ? TreeReader.json(file.text()).stream().filter(Node::isMap).findFirst().orElse(Node.map(1))
                            : HclParser.attributes(file.text()), file.size());
                    warnings.reads(file.path());
                    return;
                }
                parsed = read(file);
            } catch (IacParseException e) {
                warnings.unreadable(PARSE_ERROR, file.path(), ParseError.at(e));
                return;
            }
            parsed.ifPresent(iac -> {
                warnings.reads(file.path());
                iac.resources().forEach(resource -> evaluate(file, resource));
            });
        }

        private void evaluate(SourceFile file, IacResource resource) {
            String key = resource.framework().wire() + " " + resource.type();
            for (IacRule rule : rulesByType.getOrDefault(key, List.of())) {
                int line = rule.check().evaluate(resource);
                if (line > 0 && (resource.framework() != Framework.TERRAFORM
                        || judged.add(rule.id() + "\u0000" + file.path() + "\u0000" + resource.address()))) {
                    detections.add(Detection.builder(ScanKind.IAC, rule.id(), rule.severity(), file.path(), line,
                                    resource.address())
                            .title(rule.title())
                            .cwe(rule.cwe())
                            .description(rule.title() + " (" + resource.label() + "). " + rule.help().risk()
                                    + " See " + rule.help().uri())
                            .fixAvailable(rule.fix())
                            .aliases(rule.aliases())
                            .help(rule.help())
                            .context(file.context(line))
                            .build());
                }
            }
        }

        /**
         * Evaluates the Terraform module instances and judges each resource once per address: the first
         * instance (of a count, a for_each or a module called twice) that a rule flags is its finding.
         */
        @Override
        public List<Detection> finish() {
            terraform.evaluate(deadline, files -> files.forEach(iac -> iac.resources().forEach(resource -> {
                SourceFile file = terraformFiles.get(iac.path());
                if (!deadline.passed() && file != null) {
                    evaluate(file, resource);
                }
            })));
            if (terraform.limitReached()) {
                warnings.warn(EVALUATION_LIMIT, "Terraform evaluation reached its limit; the rest was checked as "
                        + "written", null);
            }
            return List.copyOf(detections);
        }
    }
}
