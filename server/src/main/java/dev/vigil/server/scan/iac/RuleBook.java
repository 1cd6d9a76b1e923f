package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vigil.server.scan.iac.RuleDefinition.RuleFile;

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

/** The bundled rules: the YAML files listed in {@code rules/index.txt} beside this class. */
record RuleBook(List<IacRule> rules) {

    private static final String INDEX = "rules/index.txt";

    RuleBook {
        rules = List.copyOf(rules);
    }

    static RuleBook bundled() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        List<IacRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (String name : index()) {
            RuleFile file = read(yaml, "rules/" + name);
            for (RuleDefinition definition : file.rules()) {
                IacRule rule = RuleCompiler.compile(definition, file, name);
                if (!ids.add(rule.id())) {
                    throw new IllegalStateException("duplicate iac rule id " + rule.id() + " in " + name);
                }
                rules.add(rule);
            }
        }
        return new RuleBook(rules);
    }

    private static List<String> index() {
        try (InputStream in = open(INDEX);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the iac rule index", e);
        }
    }

    private static RuleFile read(ObjectMapper yaml, String resource) {
        try (InputStream in = open(resource)) {
            return yaml.readValue(in, RuleFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read iac rule resource " + resource, e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = RuleBook.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing iac rule resource " + resource);
        }
        return in;
    }
}
