package dev.vigil.server.scan.secrets;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vigil.server.scan.secrets.RuleDefinition.GlobalDefinition;
import dev.vigil.server.scan.secrets.RuleDefinition.RuleFile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The bundled rules: the files listed in {@code rules/index.txt} beside this class, plus the global
 * allowlist in {@code allowlist.yaml}. Rules are data; {@link RuleCompiler} checks and compiles them.
 */
record RuleBook(List<SecretRule> rules, GlobalAllowlist global) {

    private static final String INDEX = "rules/index.txt";
    private static final String GLOBAL = "allowlist.yaml";

    RuleBook {
        rules = List.copyOf(rules);
    }

    static RuleBook bundled() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        List<SecretRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (String file : index()) {
            RuleFile ruleFile = read(yaml, "rules/" + file, RuleFile.class);
            for (RuleDefinition definition : ruleFile.rules()) {
                SecretRule rule = RuleCompiler.compile(definition, file);
                if (!ids.add(rule.id())) {
                    throw new IllegalStateException("duplicate secrets rule id " + rule.id() + " in " + file);
                }
                rules.add(rule);
            }
        }
        GlobalAllowlist global = GlobalAllowlist.compile(read(yaml, GLOBAL, GlobalDefinition.class));
        return new RuleBook(rules, global);
    }

    private static List<String> index() {
        try (InputStream in = open(INDEX);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the secrets rule index", e);
        }
    }

    private static <T> T read(ObjectMapper yaml, String resource, Class<T> type) {
        try (InputStream in = open(resource)) {
            return yaml.readValue(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read secrets rule resource " + resource, e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = RuleBook.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing secrets rule resource " + resource);
        }
        return in;
    }
}
