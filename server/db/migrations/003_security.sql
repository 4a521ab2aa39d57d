-- Abuse resistance, shared by every API process: rate limits, sign-in throttling, trusted devices, account tokens,
-- the mail outbox, grouped error reports and idempotency keys.

-- Fixed-window request counters per bucket and client (server/security/rate-limit.ts).
CREATE TABLE rate_limit_hits (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_start);

-- Sign-in attempts per key (account, address, account on a trusted device), claimed before the password is
-- checked; past the free allowance each attempt pushes `blocked_until` further (progressive delay).
DROP TABLE login_failures;
CREATE TABLE auth_throttle (
  key           text PRIMARY KEY,
  failures      integer NOT NULL DEFAULT 0,
  last_at       timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz NOT NULL DEFAULT '-infinity',
  -- When the account's owner was last told by mail of attempts on their account.
  notified_at   timestamptz
);
CREATE INDEX auth_throttle_last_idx ON auth_throttle (last_at);

-- Browsers that signed in to an account before (long-lived HttpOnly deviceId cookie): they keep their own
-- allowance while strangers guess the account's password elsewhere.
CREATE TABLE trusted_devices (
  token_hash   text NOT NULL,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX trusted_devices_user_idx ON trusted_devices (user_id);

-- One-time links sent by mail: finishing a sign-up (the account is created only then) and resetting a password.
CREATE TABLE account_tokens (
  token_hash    text PRIMARY KEY,
  purpose       text NOT NULL CHECK (purpose IN ('register', 'reset')),
  email         text NOT NULL,
  user_id       integer REFERENCES users (id) ON DELETE CASCADE,
  password_hash text,
  nickname      text,
  url_local     text NOT NULL,
  redirect_url  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX account_tokens_email_idx ON account_tokens (email, purpose);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

-- Mail is queued here in the transaction of what caused it; a worker sends it (SMTP) or leaves it for the local
-- mailbox page. `dedupe_key` keeps one mail per cause (an order's confirmation is never queued twice).
CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  recipient       text NOT NULL,
  kind            text NOT NULL,
  url_local       text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text NOT NULL,
  dedupe_key      text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  transport       text,
  last_error      text
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, created_at);

-- Front-end error reports grouped by fingerprint: a repeated error is one row with a count, and the table keeps
-- a bounded number of groups for a bounded number of days.
DROP TABLE error_reports;
CREATE TABLE error_groups (
  id            bigserial UNIQUE,
  fingerprint   text PRIMARY KEY,
  url_local     text NOT NULL,
  url           text NOT NULL,
  content       text NOT NULL,
  user_agent    text,
  occurrences   integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_groups_last_seen_idx ON error_groups (last_seen_at);

-- Idempotency keys of state-changing calls: the first answer is stored and replayed for every retry with the
-- same key and the same request; the same key with another request is refused.
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL,
  route        text NOT NULL,
  request_hash text NOT NULL,
  status_code  integer,
  response     text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- What a sign-in merge could not add (purchase limit, line cap), shown once in the cart.
ALTER TABLE carts ADD COLUMN notices jsonb NOT NULL DEFAULT '[]';

-- Newsletter double opt-in: a subscription counts once the address confirms it from the mail.
ALTER TABLE subscriptions ADD COLUMN confirmed_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN confirm_token_hash text UNIQUE;
UPDATE subscriptions SET confirmed_at = subscribed_at;
