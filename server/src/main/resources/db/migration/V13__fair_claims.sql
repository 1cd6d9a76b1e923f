-- Workers take turns across tenants (ScanRepository.next): a claim picks the tenant with the fewest running
-- scans, then the one waiting longest, since its oldest queued scan or its last claim, whichever is later.
-- last_claimed_at is that last claim; the index walks the queued scans by tenant and age.
ALTER TABLE tenants ADD COLUMN last_claimed_at BIGINT;

DROP INDEX scans_by_status;
CREATE INDEX scans_by_status ON scans (status, tenant_id, created_at, id);
