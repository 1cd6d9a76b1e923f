package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import static dev.vigil.server.scan.iac.TerraformValues.unknown;

/**
 * One evaluation of a directory's Terraform: as a root module (its variables from their defaults and its
 * variable definitions files) or as a module called from another directory of the archive (its variables
 * from the call's arguments, evaluated where the call is). Variables, locals and outputs are evaluated once,
 * when first asked for; one asked for again while being evaluated (a cycle) is unknown.
 */
final class ModuleInstance {

    /** Modules within modules, at most. */
    static final int MAX_DEPTH = 8;
    /** What making a module instance costs, besides what it evaluates. */
    private static final int COST = 100;

    private final TerraformDirectory directory;
    private final Map<String, TerraformDirectory> directories;
    private final TerraformEvaluator evaluator;
    private final String prefix;
    private final ModuleInstance caller;
    private final TerraformDirectory.Call call;
    private final Iterators callIterators;
    private final int depth;
    private final Map<String, Node> values = new HashMap<>();
    private final Set<String> evaluating = new HashSet<>();
    private final Map<String, Optional<ModuleInstance>> children = new HashMap<>();

    private ModuleInstance(TerraformDirectory directory, Map<String, TerraformDirectory> directories,
                           TerraformEvaluator evaluator, String prefix, ModuleInstance caller,
                           TerraformDirectory.Call call, Iterators callIterators, int depth) {
        this.directory = directory;
        this.directories = directories;
        this.evaluator = evaluator;
        this.prefix = prefix;
        this.caller = caller;
        this.call = call;
        this.callIterators = callIterators;
        this.depth = depth;
    }

    static ModuleInstance root(TerraformDirectory directory, Map<String, TerraformDirectory> directories,
                               TerraformEvaluator evaluator) {
        return new ModuleInstance(directory, directories, evaluator, "", null, null, Iterators.NONE, 0);
    }

    TerraformDirectory directory() {
        return directory;
    }

    TerraformEvaluator evaluator() {
        return evaluator;
    }

    /** {@code module.web.} inside module {@code web}, empty for a root module. */
    String prefix() {
        return prefix;
    }

    /** Where the call that made this instance is ({@code envs/prod/main.tf:12}), or empty for a root module. */
    Optional<String> calledFrom() {
        return call == null ? Optional.empty() : Optional.of(call.path() + ":" + call.block().line());
    }

    Node variable(String name) {
        return memo("var." + name, () -> {
            Node argument = call == null ? null : call.block().body().fields().get(name);
            if (argument != null) {
                return caller.evaluator.value(argument, caller, callIterators);
            }
            Node value = call == null ? directory.value(name) : null;
            if (value != null) {
                return evaluator.value(value, this, Iterators.NONE);
            }
            Node declared = directory.variable(name);
            Node fallback = declared == null ? null : declared.fields().get("default");
            return fallback == null ? unknown("var." + name) : evaluator.value(fallback, this, Iterators.NONE);
        });
    }

    Node local(String name) {
        return memo("local." + name, () -> {
            Node expression = directory.local(name);
            return expression == null ? unknown("local." + name) : evaluator.value(expression, this, Iterators.NONE);
        });
    }

    /** An output of the module this one calls {@code module}, unknown when it is not in the archive. */
    Node output(String module, String output) {
        ModuleInstance child = child(module);
        if (child == null) {
            return unknown("module." + module + "." + output);
        }
        return child.memo("output." + output, () -> {
            Node value = child.directory.output(output);
            return value == null ? unknown("module." + module + "." + output)
                    : evaluator.value(value, child, Iterators.NONE);
        });
    }

    /**
     * The instance of the module that call {@code name} makes, or null when its source is not a directory
     * of the archive, it is known to make no instance ({@code count = 0}), it would call itself, it is too
     * deep, or the budget is spent. Asked once per call.
     */
    ModuleInstance child(String name) {
        Optional<ModuleInstance> known = children.get(name);
        if (known == null) {
            known = Optional.ofNullable(makeChild(name));
            children.put(name, known);
        }
        return known.orElse(null);
    }

    private ModuleInstance makeChild(String name) {
        TerraformDirectory.Call moduleCall = directory.calls().get(name);
        if (moduleCall == null || depth >= MAX_DEPTH || !evaluator.budget().spend(COST)) {
            return null;
        }
        Node source = moduleCall.block().body().fields().get("source");
        String target = source == null || !TerraformValues.isKnownScalar(source) ? null
                : directory.resolve(source.text());
        TerraformDirectory called = target == null ? null : directories.get(target);
        for (ModuleInstance scope = this; scope != null && called != null; scope = scope.caller) {
            if (scope.directory == called) {
                return null;
            }
        }
        if (called == null) {
            return null;
        }
        List<Expansion> instances = Expansion.of(moduleCall.block().body(), this, Iterators.NONE);
        if (instances.isEmpty()) {
            return null;
        }
        return new ModuleInstance(called, directories, evaluator, prefix + "module." + name + ".", this, moduleCall,
                instances.getFirst().iterators(), depth + 1);
    }

    /** The module calls of this directory, in order. */
    List<String> calls() {
        return new ArrayList<>(directory.calls().keySet());
    }

    private Node memo(String key, Supplier<Node> compute) {
        Node value = values.get(key);
        if (value != null) {
            return value;
        }
        if (!evaluating.add(key)) {
            return unknown(key);
        }
        try {
            value = compute.get();
        } finally {
            evaluating.remove(key);
        }
        values.put(key, value);
        return value;
    }
}
