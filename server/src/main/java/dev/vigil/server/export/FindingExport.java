package dev.vigil.server.export;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;

import java.io.IOException;
import java.io.OutputStream;

/** A streaming writer of exported findings: header, one row at a time, footer. */
public sealed interface FindingExport extends AutoCloseable permits CsvExport, JsonExport {

    /** The columns of the export, in the specification's order (4.5). */
    String[] COLUMNS = {"id", "fingerprint", "project_name", "rule_id", "severity", "status", "scan_type", "location",
            "description", "fix_available", "is_breaking", "is_direct", "cwe", "assigned_to", "accepted_by",
            "accepted_reason", "accepted_until", "sla_deadline", "sla_breached", "first_seen", "last_seen"};

    void write(Finding finding) throws IOException;

    @Override
    void close() throws IOException;

    static FindingExport open(ExportFormat format, OutputStream out) throws IOException {
        return switch (format) {
            case CSV -> new CsvExport(out);
            case JSON -> new JsonExport(out);
        };
    }

    /** The row of a finding as text cells, in {@link #COLUMNS} order; absent values are empty. */
    static String[] cells(Finding f) {
        return new String[]{f.id().toString(), f.fingerprint(), f.projectName(), f.ruleId(), f.severity().wire(),
                f.status().wire(), f.scanType().wire(), f.location(), f.description(), text(f.fixAvailable()),
                Boolean.toString(f.isBreaking()), Boolean.toString(f.isDirect()), text(f.cwe()), text(f.assignedTo()),
                text(f.acceptedBy()), text(f.acceptedReason()), text(f.acceptedUntil()), text(f.slaDeadline()),
                Boolean.toString(f.slaBreached()), f.firstSeen().toString(), f.lastSeen().toString()};
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }
}
