-- Bytes of uploaded files stored from one client address per UTC day (the upload quota per address): counted when
-- a file is stored and never given back, so deleting and uploading again does not reset the budget. Rows older
-- than a day are pruned with the unattached uploads.
CREATE TABLE upload_address_bytes (
  address text NOT NULL,
  day     date NOT NULL,
  bytes   bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (address, day)
);
