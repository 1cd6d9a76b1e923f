package dev.vigil.server.pipeline;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.ParseError;
import dev.vigil.server.scan.Scanner;

/** What the session of one kind reports: warnings go to the scan's list, its files to the scan's coverage. */
record KindReport(ScanKind kind, ScanWarnings warnings, Coverage coverage) implements Scanner.Warnings {

    static final String SCANNER_ERROR = "SCANNER_ERROR";

    @Override
    public void warn(String code, String message, String path) {
        warnings.warn(code, message, path);
    }

    @Override
    public void reads(String path) {
        coverage.sawFile(kind);
    }

    @Override
    public void unreadable(String code, String path, ParseError error) {
        coverage.couldNotRead(kind);
        warnings.warn(code, error.message(), path);
    }

    @Override
    public void unchecked(String path) {
        coverage.unchecked(kind, path);
    }

    /** The scanner threw on {@code path}: a warning naming the exception's class only, and a kind not read. */
    void failed(String path, Throwable e) {
        coverage.couldNotRead(kind);
        warnings.warn(SCANNER_ERROR, "a scanner failed on this file: " + e.getClass().getSimpleName(), path);
    }
}
