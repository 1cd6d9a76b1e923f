-- What the repository's policy (.vigil.yml and inline comments) did in a scan: {"applied", "unmatched"} as JSON,
-- served as the scan detail's policy field; NULL for scans completed before this version.
ALTER TABLE scans ADD COLUMN policy ${text};
