package dev.vigil.server.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.vigil.model.Finding;
import dev.vigil.model.Json;

import java.io.IOException;
import java.io.OutputStream;

/**
 * JSON export: an array of objects with the CSV column names; booleans stay booleans, empty cells are null.
 * Values are exact: only the CSV, which spreadsheets open, defuses formulas.
 */
final class JsonExport implements FindingExport {

    private final JsonGenerator json;

    JsonExport(OutputStream stream) throws IOException {
        json = Json.mapper().getFactory().createGenerator(stream, JsonEncoding.UTF8);
        json.writeStartArray();
    }

    @Override
    public void write(Finding finding) throws IOException {
        String[] cells = FindingExport.cells(finding);
        json.writeStartObject();
        for (int i = 0; i < COLUMNS.length; i++) {
            String column = COLUMNS[i];
            switch (column) {
                case "is_breaking", "is_direct", "sla_breached" -> json.writeBooleanField(column, Boolean.parseBoolean(cells[i]));
                default -> writeText(column, cells[i]);
            }
        }
        json.writeEndObject();
    }

    private void writeText(String column, String cell) throws IOException {
        if (cell.isEmpty()) {
            json.writeNullField(column);
        } else {
            json.writeStringField(column, cell);
        }
    }

    @Override
    public void close() throws IOException {
        json.writeEndArray();
        json.flush();
    }
}
