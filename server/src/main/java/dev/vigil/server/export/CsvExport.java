package dev.vigil.server.export;

import dev.vigil.model.Finding;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * CSV as spreadsheets read it: UTF-8 with a byte-order mark, RFC 4180 quoting, and cells that a spreadsheet
 * would take for a formula ({@code = + - @}, tab, CR) prefixed with {@code '}.
 */
final class CsvExport implements FindingExport {

    private final Writer out;

    CsvExport(OutputStream stream) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        out.write('\uFEFF');
        writeRow(COLUMNS);
    }

    @Override
    public void write(Finding finding) throws IOException {
        writeRow(FindingExport.cells(finding));
    }

    private void writeRow(String[] cells) throws IOException {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(cell(cells[i]));
        }
        out.write("\r\n");
    }

    static String cell(String value) {
        String safe = defuse(value);
        boolean quote = safe.indexOf(',') >= 0 || safe.indexOf('"') >= 0 || safe.indexOf('\n') >= 0
                || safe.indexOf('\r') >= 0;
        return quote ? '"' + safe.replace("\"", "\"\"") + '"' : safe;
    }

    /** Prefixes a cell that a spreadsheet would evaluate as a formula. */
    static String defuse(String value) {
        if (value.isEmpty()) {
            return value;
        }
        char first = value.charAt(0);
        boolean formula = first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
        return formula ? "'" + value : value;
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }
}
