-- Pull-request integration (DESIGN §6): SCM integrations and blocking policies per project, the
-- introduced/debt rows of pull-request scans that a comment shows, and the outbox of comments to post.

CREATE TABLE project_scm (
    project_id   UUID          PRIMARY KEY REFERENCES projects (id),
    provider     VARCHAR(10)   NOT NULL,
    api_url      VARCHAR(1000) NOT NULL,
    repository   VARCHAR(500)  NOT NULL,
    token_sealed VARCHAR(4000) NOT NULL,
    updated_at   BIGINT        NOT NULL
);

CREATE TABLE project_policies (
    project_id           UUID        PRIMARY KEY REFERENCES projects (id),
    block_severity       VARCHAR(10) NOT NULL,
    block_on_new_secrets BOOLEAN     NOT NULL,
    updated_at           BIGINT      NOT NULL
);

CREATE TABLE scan_results (
    scan_id       UUID          NOT NULL REFERENCES scans (id),
    seq           INTEGER       NOT NULL,
    fingerprint   VARCHAR(80)   NOT NULL,
    rule_id       VARCHAR(200)  NOT NULL,
    title         VARCHAR(500)  NOT NULL,
    severity      SMALLINT      NOT NULL,
    scan_type     VARCHAR(10)   NOT NULL,
    path          VARCHAR(1024) NOT NULL,
    line          INTEGER       NOT NULL,
    fix_available VARCHAR(1000),
    introduced    BOOLEAN       NOT NULL,
    debt          BOOLEAN       NOT NULL,
    blocking      BOOLEAN       NOT NULL,
    PRIMARY KEY (scan_id, seq)
);

CREATE TABLE pr_comment_outbox (
    scan_id              UUID          PRIMARY KEY REFERENCES scans (id),
    tenant_id            UUID          NOT NULL,
    project_id           UUID          NOT NULL,
    pr_id                INTEGER       NOT NULL,
    block_severity       VARCHAR(10)   NOT NULL,
    block_on_new_secrets BOOLEAN       NOT NULL,
    status               VARCHAR(12)   NOT NULL,
    attempts             INTEGER       DEFAULT 0 NOT NULL,
    next_attempt_at      BIGINT        NOT NULL,
    claimed_until        BIGINT,
    url                  VARCHAR(2000),
    last_error           VARCHAR(1000),
    created_at           BIGINT        NOT NULL
);
CREATE INDEX pr_comment_outbox_due ON pr_comment_outbox (status, next_attempt_at);
CREATE INDEX pr_comment_outbox_by_pr ON pr_comment_outbox (project_id, pr_id, status);
