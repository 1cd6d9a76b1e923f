-- Counts of each project's findings by severity, status and kind (FindingCounts), kept by every write of
-- findings in its transaction, so that stats read a few rows per project instead of every finding. Every
-- project has all its rows from its creation on, and rows are never deleted: a change only updates.
CREATE TABLE finding_counts (
    tenant_id  UUID        NOT NULL,
    project_id UUID        NOT NULL,
    severity   SMALLINT    NOT NULL,
    status     VARCHAR(20) NOT NULL,
    scan_type  VARCHAR(10) NOT NULL,
    n          BIGINT      NOT NULL,
    PRIMARY KEY (tenant_id, project_id, severity, status, scan_type)
);

-- The findings whose SLA still runs (open, in backlog, in progress) by the UTC day of their deadline
-- (sla_deadline / 86,400,000): the days before today are breached whole. A day has its row from the merge
-- that inserts the first finding due that day, kept at zero when none is active.
CREATE TABLE finding_deadlines (
    tenant_id    UUID   NOT NULL,
    project_id   UUID   NOT NULL,
    deadline_day BIGINT NOT NULL,
    n            BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, project_id, deadline_day)
);

-- Today's part of the breached count: the findings due between midnight and now.
CREATE INDEX findings_by_deadline ON findings (tenant_id, sla_deadline);
