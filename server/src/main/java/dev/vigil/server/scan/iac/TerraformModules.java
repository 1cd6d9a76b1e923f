package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.ScanDeadline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The Terraform of one scan, grouped by directory (Terraform reads every file of a directory as one
 * module), evaluated once the archive has been read. Each directory that no other directory of the archive
 * calls is a root module; a local module ({@code source = "./modules/x"}) is evaluated with the arguments
 * of each call that reaches it; a directory no evaluation reached is then evaluated as a root
 * (docs/adr/0055-terraform-evaluated-at-the-end-of-the-scan.md).
 */
final class TerraformModules {

    private final Map<String, TerraformDirectory> directories = new LinkedHashMap<>();
    private long characters;
    private boolean limitReached;

    /** A {@code .tf} or {@code .tf.json} file. */
    void add(String path, List<HclBlock> blocks, int length) {
        directory(path).add(path, blocks);
        characters += length;
    }

    /** A {@code terraform.tfvars} or {@code *.auto.tfvars} file: its top-level attributes. */
    void addValues(String path, Node attributes, int length) {
        directory(path).addValues(path.substring(path.lastIndexOf('/') + 1), attributes);
        characters += length;
    }

    static boolean isVariableDefinitions(String name) {
        return name.equals("terraform.tfvars") || name.equals("terraform.tfvars.json")
                || name.endsWith(".auto.tfvars") || name.endsWith(".auto.tfvars.json");
    }

    private TerraformDirectory directory(String path) {
        int slash = path.lastIndexOf('/');
        String directory = slash < 0 ? "" : path.substring(0, slash);
        return directories.computeIfAbsent(directory, TerraformDirectory::new);
    }

    /** Whether the last {@link #evaluate} spent its budget and checked the rest as written. */
    boolean limitReached() {
        return limitReached;
    }

    /** Every file, evaluated, for tests and single files. */
    List<IacFile> files() {
        List<IacFile> all = new ArrayList<>();
        evaluate(ScanDeadline.none(), all::addAll);
        return all;
    }

    /**
     * Evaluates every module instance and hands its files to {@code judge}, one instance at a time, until
     * the deadline passes.
     */
    void evaluate(ScanDeadline deadline, Consumer<List<IacFile>> judge) {
        TerraformEvaluator evaluator = new TerraformEvaluator(EvaluationBudget.forCharacters(characters));
        Set<TerraformDirectory> called = new HashSet<>();
        for (TerraformDirectory directory : directories.values()) {
            for (TerraformDirectory.Call call : directory.calls().values()) {
                Node source = call.block().body().fields().get("source");
                String target = source == null || source.isExpression() ? null : directory.resolve(source.text());
                TerraformDirectory callee = target == null ? null : directories.get(target);
                if (callee != null && callee != directory) {
                    called.add(callee);
                }
            }
        }
        Set<TerraformDirectory> judged = new HashSet<>();
        for (boolean roots : new boolean[] {true, false}) {
            for (TerraformDirectory directory : directories.values()) {
                if (roots ? !called.contains(directory) : !judged.contains(directory)) {
                    instantiate(ModuleInstance.root(directory, directories, evaluator), deadline, judge, judged);
                }
            }
        }
        limitReached = evaluator.budget().spent();
    }

    private void instantiate(ModuleInstance instance, ScanDeadline deadline, Consumer<List<IacFile>> judge,
                             Set<TerraformDirectory> judged) {
        if (deadline.passed()) {
            return;
        }
        if (instance.evaluator().budget().spent()) {
            if (judged.add(instance.directory())) {
                judge.accept(TerraformResources.unevaluated(instance.directory()));
            }
            return;
        }
        judge.accept(TerraformResources.files(instance));
        judged.add(instance.directory());
        for (String call : instance.calls()) {
            ModuleInstance child = instance.child(call);
            if (child != null) {
                instantiate(child, deadline, judge, judged);
            }
        }
    }
}
