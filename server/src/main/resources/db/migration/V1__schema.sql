-- Vigil schema: one script for HSQLDB and PostgreSQL. ${text} and ${blob} are the large-object types of
-- the database at hand (CLOB/BLOB on HSQLDB, TEXT/BYTEA on PostgreSQL). Timestamps are epoch milliseconds.

CREATE TABLE tenants (
    id              UUID          PRIMARY KEY,
    name            VARCHAR(200)  NOT NULL,
    plan            VARCHAR(20)   NOT NULL,
    status          VARCHAR(20)   NOT NULL,
    created_at      BIGINT        NOT NULL,
    submission_lock BIGINT        DEFAULT 0 NOT NULL
);

CREATE TABLE users (
    id         UUID         PRIMARY KEY,
    tenant_id  UUID         NOT NULL REFERENCES tenants (id),
    email      VARCHAR(320) NOT NULL,
    role       VARCHAR(10)  NOT NULL,
    created_at BIGINT       NOT NULL,
    CONSTRAINT users_email_unique UNIQUE (tenant_id, email)
);

CREATE TABLE api_keys (
    id         UUID         PRIMARY KEY,
    tenant_id  UUID         NOT NULL REFERENCES tenants (id),
    user_id    UUID         NOT NULL REFERENCES users (id),
    name       VARCHAR(200) NOT NULL,
    prefix     VARCHAR(40)  NOT NULL,
    key_hash   CHAR(64)     NOT NULL,
    expires_at BIGINT       NOT NULL,
    created_at BIGINT       NOT NULL,
    revoked_at BIGINT,
    CONSTRAINT api_keys_hash_unique UNIQUE (key_hash)
);
CREATE INDEX api_keys_by_tenant ON api_keys (tenant_id, created_at);

CREATE TABLE projects (
    id             UUID         PRIMARY KEY,
    tenant_id      UUID         NOT NULL REFERENCES tenants (id),
    name           VARCHAR(200) NOT NULL,
    default_branch VARCHAR(255),
    created_at     BIGINT       NOT NULL,
    merge_lock     BIGINT       DEFAULT 0 NOT NULL,
    CONSTRAINT projects_name_unique UNIQUE (tenant_id, name)
);

CREATE TABLE scans (
    id               UUID         PRIMARY KEY,
    tenant_id        UUID         NOT NULL REFERENCES tenants (id),
    project_id       UUID         NOT NULL REFERENCES projects (id),
    branch           VARCHAR(255) NOT NULL,
    commit_hash      VARCHAR(64)  NOT NULL,
    scan_type        VARCHAR(20)  NOT NULL,
    status           VARCHAR(12)  NOT NULL,
    pr_id            INTEGER,
    changed_files    ${text},
    created_at       BIGINT       NOT NULL,
    started_at       BIGINT,
    completed_at     BIGINT,
    attempts         INTEGER      DEFAULT 0 NOT NULL,
    worker_id        VARCHAR(100),
    lease_until      BIGINT,
    critical_count   INTEGER      DEFAULT 0 NOT NULL,
    high_count       INTEGER      DEFAULT 0 NOT NULL,
    medium_count     INTEGER      DEFAULT 0 NOT NULL,
    low_count        INTEGER      DEFAULT 0 NOT NULL,
    info_count       INTEGER      DEFAULT 0 NOT NULL,
    introduced_count INTEGER,
    debt_count       INTEGER,
    blocking_count   INTEGER,
    is_blocked       BOOLEAN      DEFAULT FALSE NOT NULL,
    warnings         ${text},
    sarif            ${text},
    pr_comment_status VARCHAR(20) NOT NULL
);
CREATE INDEX scans_by_tenant ON scans (tenant_id, created_at, id);
CREATE INDEX scans_by_project ON scans (project_id, created_at, id);
CREATE INDEX scans_by_status ON scans (status, created_at);

CREATE TABLE scan_archives (
    scan_id UUID    PRIMARY KEY,
    content ${blob} NOT NULL,
    size    BIGINT  NOT NULL,
    sha256  CHAR(64) NOT NULL
);

CREATE TABLE scan_submissions (
    id           UUID   PRIMARY KEY,
    tenant_id    UUID   NOT NULL,
    submitted_at BIGINT NOT NULL
);
CREATE INDEX scan_submissions_by_tenant ON scan_submissions (tenant_id, submitted_at);

CREATE TABLE findings (
    id                  UUID          PRIMARY KEY,
    tenant_id           UUID          NOT NULL REFERENCES tenants (id),
    project_id          UUID          NOT NULL REFERENCES projects (id),
    fingerprint         VARCHAR(80)   NOT NULL,
    rule_id             VARCHAR(200)  NOT NULL,
    severity            SMALLINT      NOT NULL,
    status              VARCHAR(20)   NOT NULL,
    scan_type           VARCHAR(10)   NOT NULL,
    path                VARCHAR(1024) NOT NULL,
    line                INTEGER       NOT NULL,
    title               VARCHAR(500)  NOT NULL,
    description         VARCHAR(4000) NOT NULL,
    fix_available       VARCHAR(1000),
    is_breaking         BOOLEAN       NOT NULL,
    is_direct           BOOLEAN       NOT NULL,
    cwe                 VARCHAR(20),
    assigned_to_user_id UUID,
    accepted_by         VARCHAR(320),
    accepted_reason     VARCHAR(2000),
    accepted_until      DATE,
    sla_deadline        BIGINT,
    first_seen          BIGINT        NOT NULL,
    last_seen           BIGINT        NOT NULL,
    search_text         VARCHAR(6000) NOT NULL,
    sort_key            BIGINT        NOT NULL,
    CONSTRAINT findings_fingerprint_unique UNIQUE (project_id, fingerprint)
);
-- The list order (severity, then first seen) as one column, severity * 10^13 + first_seen, so that a
-- keyset page and a severity band are one range seek on every index below, whatever the page depth.
CREATE INDEX findings_order ON findings (tenant_id, sort_key, id);
CREATE INDEX findings_by_status ON findings (tenant_id, status, sort_key, id);
CREATE INDEX findings_by_project ON findings (tenant_id, project_id, sort_key, id);
CREATE INDEX findings_by_kind ON findings (tenant_id, scan_type, sort_key, id);
CREATE INDEX findings_by_assignee ON findings (tenant_id, assigned_to_user_id, sort_key, id);
CREATE INDEX findings_accepted_until ON findings (status, accepted_until);

CREATE TABLE finding_history (
    id          BIGINT        GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    finding_id  UUID          NOT NULL REFERENCES findings (id),
    changed_at  BIGINT        NOT NULL,
    actor       VARCHAR(320)  NOT NULL,
    from_status VARCHAR(20),
    to_status   VARCHAR(20)   NOT NULL,
    action      VARCHAR(30)   NOT NULL,
    reason      VARCHAR(2000)
);
CREATE INDEX finding_history_by_finding ON finding_history (finding_id, id);

CREATE TABLE idempotency_keys (
    tenant_id       UUID         NOT NULL,
    route           VARCHAR(100) NOT NULL,
    idem_key        UUID         NOT NULL,
    request_hash    CHAR(64)     NOT NULL,
    state           VARCHAR(12)  NOT NULL,
    response_status INTEGER,
    response_body   ${text},
    created_at      BIGINT       NOT NULL,
    PRIMARY KEY (tenant_id, route, idem_key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
