-- Triage decisions across projects (docs/adr/0052-decisions-across-projects.md): a tenant's scoped status
-- for every finding that matches, now and in later scans. decision_findings remembers which findings each
-- decision changed and from which status, so that deleting the decision can put them back; a row also keeps
-- the decision from changing that finding again once a person has moved it.
CREATE TABLE decisions (
    id            UUID          PRIMARY KEY,
    tenant_id     UUID          NOT NULL REFERENCES tenants (id),
    project_id    UUID          REFERENCES projects (id),
    rule_id       VARCHAR(200),
    package_range VARCHAR(1000),
    path_glob     VARCHAR(1024),
    status        VARCHAR(20)   NOT NULL,
    reason        VARCHAR(2000) NOT NULL,
    until_date    DATE,
    created_by    VARCHAR(320)  NOT NULL,
    created_at    BIGINT        NOT NULL
);
CREATE INDEX decisions_by_tenant ON decisions (tenant_id, created_at, id);

CREATE TABLE decision_findings (
    decision_id UUID        NOT NULL REFERENCES decisions (id),
    finding_id  UUID        NOT NULL REFERENCES findings (id),
    from_status VARCHAR(20) NOT NULL,
    CONSTRAINT decision_findings_pk PRIMARY KEY (decision_id, finding_id)
);
CREATE INDEX decision_findings_by_finding ON decision_findings (finding_id);
