package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The bundled rule data of an engine: YAML resources beside its class, listed in an index file (one name a
 * line, {@code #} comments). Strict: an unknown key in a rule file is an error, caught by the rule tests.
 */
public final class RuleResources {

    private final Class<?> owner;
    private final String engine;
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The resources beside {@code owner}; {@code engine} names them in error messages. */
    public RuleResources(Class<?> owner, String engine) {
        this.owner = owner;
        this.engine = engine;
    }

    /** The names listed in the index resource {@code index}. */
    public List<String> index(String index) {
        try (InputStream in = open(index);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + engine + " rule index", e);
        }
    }

    public <T> T read(String resource, Class<T> type) {
        try (InputStream in = open(resource)) {
            return yaml.readValue(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + engine + " rule resource " + resource, e);
        }
    }

    private InputStream open(String resource) {
        InputStream in = owner.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing " + engine + " rule resource " + resource);
        }
        return in;
    }
}
