-- The active findings (open, in backlog, in progress) of each project by the UTC day they were first seen
-- (first_seen / 86,400,000), critical and high (severe = 1) apart from the others (0), kept by every write of
-- findings in its transaction (FindingCounts), so that a trend counts the findings still active by the day
-- they appeared from a few rows per project and day instead of every finding. A day has both its rows from
-- the merge that inserts the first finding seen that day, kept at zero when none is active.
CREATE TABLE finding_arrivals (
    tenant_id      UUID     NOT NULL,
    project_id     UUID     NOT NULL,
    first_seen_day BIGINT   NOT NULL,
    severe         SMALLINT NOT NULL,
    n              BIGINT   NOT NULL,
    PRIMARY KEY (tenant_id, project_id, first_seen_day, severe)
);
