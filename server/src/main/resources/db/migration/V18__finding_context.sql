-- The code around each finding as of its last default-branch scan (docs/adr/0057-finding-context-kept-at-scan-time.md):
-- up to 7 lines of at most 300 characters, joined by line feeds, secrets already masked by the engine. A table
-- of its own keeps the findings' rows, which every list reads, as narrow as they were; a finding without a
-- row has no context (a binary file, or not scanned since this version).
CREATE TABLE finding_context (
    finding_id UUID          PRIMARY KEY REFERENCES findings (id),
    start_line INTEGER       NOT NULL,
    lines      VARCHAR(2200) NOT NULL
);
