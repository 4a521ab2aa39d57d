-- Profile and security of a shopper's account: nickname, avatar, phone and birthday on the profile; the browsers
-- signed in (sessions) described so the owner can recognise and end them; e-mail changes waiting for the new
-- address's confirmation.

-- The phone is kept as typed (checked against the country's phone rule), with the storefront country it was checked
-- for. The birthday may change once a year: birthday_changed_at is the date of the last change.
ALTER TABLE users ADD COLUMN phone text;
ALTER TABLE users ADD COLUMN phone_local text;
ALTER TABLE users ADD COLUMN birthday date;
ALTER TABLE users ADD COLUMN birthday_changed_at timestamptz;

-- A session's public id (what the device list shows and the sign-out of one device names; never the cookie or its
-- hash), a summary of the browser, the approximate network it signed in from (never the full address) and its last
-- use (refreshed at most every few minutes).
ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN place text;
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX sessions_public_id_idx ON sessions (public_id);

-- The avatar in the sizes the pages use (WebP). `key` is random per upload: the address of a replaced avatar stops
-- working, and avatars cannot be listed by user id.
CREATE TABLE user_avatars (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key        text NOT NULL,
  size       integer NOT NULL CHECK (size IN (48, 96, 192)),
  bytes      bytea NOT NULL CHECK (octet_length(bytes) < 1048576),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, size)
);
CREATE INDEX user_avatars_key_idx ON user_avatars (key);

-- A change of sign-in address: the new address gets a one-time link; the account's address changes only when it is
-- opened. Only the token's hash is stored.
CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email  text NOT NULL,
  url_local  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at);
