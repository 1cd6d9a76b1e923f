package dev.vigil.server.scan.iac;

import com.google.re2j.Pattern;

/** Kubernetes container checks that need more than one attribute at a time. */
final class ContainerRules {

    private static final Pattern SECRET_NAME =
            Pattern.compile("(?i)(passw(or)?d|secret|token|api_?key|private_?key|access_?key|credential)");
    private static final Pattern LATEST = Pattern.compile("^([^/]+/)*[^/:@]+(:latest)?$");

    private ContainerRules() {
    }

    /** An {@code env} entry whose name says secret and whose value is a literal, not a {@code valueFrom}. */
    static int envSecretLiteral(IacResource resource) {
        for (Node list : resource.body().resolve("env")) {
            for (Node env : list.items()) {
                Node value = env.get("value").orElse(null);
                if (value != null && value.isScalar() && !value.text().isBlank()
                        && SECRET_NAME.matcher(env.textOf("name")).find()) {
                    return value.line();
                }
            }
        }
        return 0;
    }

    /** An image without a tag or digest, or tagged {@code latest}. */
    static int imageLatest(IacResource resource) {
        return resource.body().get("image").filter(image -> image.isScalar() && !image.isExpression()
                && LATEST.matcher(image.text().strip()).matches()).map(Node::line).orElse(0);
    }
}
