package dev.vigil.server.scan.iac;

import java.util.List;

/**
 * A Terraform expression as {@link ExpressionParser} reads it, for {@link TerraformEvaluator}. What the
 * parser does not model (for expressions, splats, template directives) is {@link Opaque}: an unknown value.
 */
sealed interface Expr {

    /** A literal string, number, boolean or null. */
    record Literal(Node value) implements Expr {
    }

    /** A template: literal text and interpolated expressions, joined. */
    record Template(List<Object> parts) implements Expr {
    }

    /** A reference: {@code var.x}, {@code local.y[0]}, {@code aws_s3_bucket.b.id}, {@code each.value.name}. */
    record Traversal(String root, List<Step> steps) implements Expr {
    }

    /** A step of a traversal: an attribute, or an index (a traversal's {@code [0]} or an expression's). */
    sealed interface Step {
    }

    record Attribute(String name) implements Step {
    }

    record Index(Expr key) implements Step {
    }

    /** A step applied to another expression: {@code merge(a, b).x}, {@code (local.m)["k"]}. */
    record Access(Expr target, Step step) implements Expr {
    }

    record Call(String name, List<Expr> args) implements Expr {
    }

    record Unary(String operator, Expr operand) implements Expr {
    }

    record Binary(String operator, Expr left, Expr right) implements Expr {
    }

    record Conditional(Expr condition, Expr whenTrue, Expr whenFalse) implements Expr {
    }

    record ListOf(List<Expr> items) implements Expr {
    }

    /** An object constructor; keys are expressions (a bare word is a literal key). */
    record ObjectOf(List<Expr> keys, List<Expr> values) implements Expr {
    }

    /** What Vigil does not evaluate: its value is unknown; {@code text} is (the start of) its source. */
    record Opaque(String text) implements Expr {
    }
}
