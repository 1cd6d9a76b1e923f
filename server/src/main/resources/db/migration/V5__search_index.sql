-- The term index of findings.search_text (SearchIndex): one posting per distinct word of a finding, in list
-- order, so that a search seeks its rarest word and walks its postings like any other filter's index.
CREATE TABLE finding_terms (
    tenant_id  UUID    NOT NULL,
    term       ${term} NOT NULL,
    sort_key   BIGINT  NOT NULL,
    finding_id UUID    NOT NULL,
    PRIMARY KEY (tenant_id, term, sort_key, finding_id)
);

-- Each tenant's words by suffix (every suffix of three characters or more, and the whole word), so that a
-- search word that may sit inside a longer word finds the words holding it. No unique key: two merges adding
-- the same new word at once both insert it, and readers take distinct words.
CREATE TABLE search_words (
    tenant_id UUID    NOT NULL,
    suffix    ${term} NOT NULL,
    word      ${term} NOT NULL
);
CREATE INDEX search_words_by_suffix ON search_words (tenant_id, suffix, word);
