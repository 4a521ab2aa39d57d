-- A shopper's data rights: the archive of their data, and the deletion of their account.

-- Archives of a shopper's data, built by a job and kept here (like uploads) until their link expires. The public id
-- is the link's token; a download also needs the owner's session.
CREATE TABLE data_exports (
  id          bigserial PRIMARY KEY,
  public_id   text NOT NULL UNIQUE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url_local   text NOT NULL,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
  archive     bytea,
  size        integer,
  build_ms    integer,
  created_at  timestamptz NOT NULL DEFAULT now(),
  ready_at    timestamptz,
  expires_at  timestamptz
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, created_at DESC);
-- One archive in the making per shopper: parallel requests get the same one.
CREATE UNIQUE INDEX data_exports_one_pending_idx ON data_exports (user_id) WHERE state = 'pending';

-- Requests to delete an account: confirmed by the mail link, erased after the grace period unless the shopper signs
-- in first. The row outlives the account (user_id set null by nothing: the users row is anonymised, never deleted,
-- because kept orders and invoices point at it).
CREATE TABLE account_deletions (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url_local     text NOT NULL,
  state         text NOT NULL CHECK (state IN ('unconfirmed', 'scheduled', 'cancelled', 'erased')),
  token_hash    text UNIQUE,
  requested_at  timestamptz NOT NULL DEFAULT now(),
  confirm_by    timestamptz NOT NULL,
  confirmed_at  timestamptz,
  effective_at  timestamptz,
  cancelled_at  timestamptz,
  cancel_reason text,
  postponed     integer NOT NULL DEFAULT 0,
  erased_at     timestamptz
);
-- One open request per account: parallel requests and confirmations meet here.
CREATE UNIQUE INDEX account_deletions_open_idx ON account_deletions (user_id) WHERE state IN ('unconfirmed', 'scheduled');
CREATE INDEX account_deletions_due_idx ON account_deletions (effective_at) WHERE state = 'scheduled';

-- An erased account keeps its row (orders and invoices point at it) without anything that names the person.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
