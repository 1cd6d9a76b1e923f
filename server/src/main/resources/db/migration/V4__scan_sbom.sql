-- The CycloneDX bill of materials of a scan that ran the dependency engine, served at /v1/scans/:id/sbom.
ALTER TABLE scans ADD COLUMN sbom ${text};
