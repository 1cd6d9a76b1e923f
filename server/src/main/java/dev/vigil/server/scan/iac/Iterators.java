package dev.vigil.server.scan.iac;

/**
 * The iteration values in scope: {@code count.index}, {@code each.key}/{@code each.value}, a dynamic block's
 * iterator; innermost first.
 */
record Iterators(String name, Node key, Node value, Iterators outer) {

    static final Iterators NONE = new Iterators("", null, null, null);

    Iterators with(String iterator, Node iteratorKey, Node iteratorValue) {
        return new Iterators(iterator, iteratorKey, iteratorValue, this);
    }

    /** The innermost iterator called {@code iterator}, or null. */
    Iterators find(String iterator) {
        for (Iterators scope = this; scope != null; scope = scope.outer) {
            if (scope.name.equals(iterator) && scope.key != null) {
                return scope;
            }
        }
        return null;
    }
}
