-- Whether the fingerprints of secret findings are keyed (SecretDigest). They were the plain SHA-256 of
-- the secret's fingerprint before; the first node of a version that keys them rewrites those once, at its
-- start, with the installation's secret key, which a migration does not have (SecretFingerprints.keyOnce).
CREATE TABLE secret_fingerprint_keying (
    id    INTEGER PRIMARY KEY,
    keyed BOOLEAN NOT NULL
);

INSERT INTO secret_fingerprint_keying (id, keyed) VALUES (1, FALSE);
