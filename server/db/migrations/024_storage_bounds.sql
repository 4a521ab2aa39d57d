-- Bytes of uploaded files stored from one client address per UTC day (the upload quota per address): counted when
-- a file is stored and never given back, so deleting and uploading again does not reset the budget. Rows older
-- than a day are pruned with the unattached uploads.
CREATE TABLE upload_address_bytes (
  address text NOT NULL,
  day     date NOT NULL,
  bytes   bigint NOT NULL CHECK (bytes >= 0),
  PRIMARY KEY (address, day)
);

-- Front-end error reports in a fixed number of slots (ERROR_REPORT_LIMITS in repositories/error-reports.ts): a group
-- lives in the slot its fingerprint picks and a new report rewrites that row, so the table never holds more than
-- the slots. Fields are cut so a row stays under half a page and kept in the row (STORAGE PLAIN: no TOAST table,
-- whose replaced values only vacuum reclaims); fillfactor 10 keeps a full-size row alone on its page, so each rewrite
-- fits beside the old version in the same page (a HOT update, reclaimed when the page is next pruned, without
-- vacuum). The slot is the only indexed column: an index on anything a rewrite changes would rule out HOT updates.
-- The groups of the old table (up to 16 KB of content each) are not carried over: they are diagnostics of at most
-- 30 days, and the new table takes no row of that size.
DROP TABLE error_groups;
CREATE TABLE error_slots (
  slot          integer PRIMARY KEY,
  fingerprint   text NOT NULL,
  url_local     text NOT NULL,
  url           text NOT NULL,
  content       text NOT NULL,
  user_agent    text,
  occurrences   integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 10);
ALTER TABLE error_slots
  ALTER COLUMN fingerprint SET STORAGE PLAIN,
  ALTER COLUMN url_local SET STORAGE PLAIN,
  ALTER COLUMN url SET STORAGE PLAIN,
  ALTER COLUMN content SET STORAGE PLAIN,
  ALTER COLUMN user_agent SET STORAGE PLAIN;

-- Bytes of error reports stored per client address ('address|<key>') and for everyone ('global') in fixed windows.
-- Worthless after a crash, like the rate-limit windows: unlogged.
CREATE UNLOGGED TABLE error_report_budgets (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  bytes        integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- A visitor's chat conversation is now made with their first message, not when their chat stream opens: the empty
-- ones every stream used to leave behind carry nothing and go now (the maintenance prunes them from here on).
DELETE FROM chat_conversations c WHERE c.visitor_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id);
