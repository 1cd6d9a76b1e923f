-- What an SCA finding's last scan said of its package (ADR 0058): the chain from the project's root to it, a
-- JSON array of name@version strings (NULL when the manifest has no graph), and the remediation sentence.
-- NULL for other kinds and for findings no scan has seen since this version.
ALTER TABLE findings ADD COLUMN dependency_path VARCHAR(4000);
ALTER TABLE findings ADD COLUMN remediation VARCHAR(2000);
