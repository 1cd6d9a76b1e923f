-- Advisory database (OSV facts), shared by every node. Lists (aliases, CWEs, references) and the affected
-- packages with their ranges are compact JSON; advisory_packages and advisory_aliases are the lookup indexes.
-- The JSON columns are long VARCHARs rather than ${text}: they stay inline on HSQLDB (a CLOB per row made
-- importing the snapshot twenty times slower), and PostgreSQL accepts VARCHAR up to 10 MB.

CREATE TABLE advisories (
    id           VARCHAR(200)  PRIMARY KEY,
    preferred_id VARCHAR(200)  NOT NULL,
    modified     BIGINT        NOT NULL,
    published    BIGINT        DEFAULT 0 NOT NULL,
    withdrawn    BIGINT        DEFAULT 0 NOT NULL,
    summary      VARCHAR(1000) NOT NULL,
    severity     VARCHAR(20)   NOT NULL,
    cvss_vector  VARCHAR(300)  NOT NULL,
    cwes         VARCHAR(1000) NOT NULL,
    aliases      VARCHAR(100000)  NOT NULL,
    refs         VARCHAR(100000)  NOT NULL,
    affected     VARCHAR(4000000) NOT NULL,
    source       VARCHAR(300)  NOT NULL,
    imported_at  BIGINT        NOT NULL
);

CREATE TABLE advisory_packages (
    ecosystem   VARCHAR(20)  NOT NULL,
    name        VARCHAR(400) NOT NULL,
    advisory_id VARCHAR(200) NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
    CONSTRAINT advisory_packages_pk PRIMARY KEY (ecosystem, name, advisory_id)
);
CREATE INDEX advisory_packages_by_advisory ON advisory_packages (advisory_id);

CREATE TABLE advisory_aliases (
    alias       VARCHAR(200) NOT NULL,
    advisory_id VARCHAR(200) NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
    CONSTRAINT advisory_aliases_pk PRIMARY KEY (alias, advisory_id)
);
CREATE INDEX advisory_aliases_by_advisory ON advisory_aliases (advisory_id);

CREATE TABLE advisory_imports (
    ecosystem       VARCHAR(20)  PRIMARY KEY,
    advisories      INTEGER      NOT NULL,
    newest_modified BIGINT       NOT NULL,
    imported_at     BIGINT       NOT NULL,
    source          VARCHAR(1000) NOT NULL
);
