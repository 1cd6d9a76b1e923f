-- The findings list sorted by a column (ADR 0059) walks an index that holds the column before the default
-- order, as the default order walks findings_order, instead of reading and sorting the whole tenant for
-- every page: rules A to Z, and the oldest first by first or last seen. A descending sort keeps its ties
-- ascending, which no index walk gives, so these serve the ascending sorts only.
CREATE INDEX findings_by_rule ON findings (tenant_id, rule_id, sort_key, id);
CREATE INDEX findings_by_first_seen ON findings (tenant_id, first_seen, sort_key, id);
CREATE INDEX findings_by_last_seen ON findings (tenant_id, last_seen, sort_key, id);
