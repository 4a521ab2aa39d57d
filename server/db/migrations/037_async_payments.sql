-- Asynchronous payments (e-wallets by redirect, QRIS by QR): the payment state machine (server/payments/
-- payment-states.ts) adds two row states, `authorised` (money held, not taken) and `expired` (the approval window
-- lapsed); `succeeded` stays the paid state and `reversed` the refunded one, so the card flows read the same rows.
ALTER TABLE payments DROP CONSTRAINT payments_state_check;
ALTER TABLE payments ADD CONSTRAINT payments_state_check
  CHECK (state IN ('pending', 'otp_required', 'authorised', 'succeeded', 'failed', 'expired', 'reversed'));
-- Until when the shopper may approve an async payment (the provider's action expiry); null for synchronous methods.
ALTER TABLE payments ADD COLUMN expires_at timestamptz;
CREATE INDEX payments_async_expiry_idx ON payments (expires_at) WHERE state = 'pending' AND expires_at IS NOT NULL;

-- Provider webhook events the store handled: a replayed event id is answered without being handled again.
CREATE TABLE payment_webhook_events (
  provider     text NOT NULL,
  event_id     text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
  reference    text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The sandbox async provider's own books (server/payments/async-sandbox.ts), shared by every API process.
CREATE TABLE sandbox_async_payments (
  ref              text PRIMARY KEY,
  reference        text NOT NULL UNIQUE,
  method           text NOT NULL CHECK (method IN ('ewallet', 'qris')),
  wallet           text,
  user_id          integer NOT NULL,
  url_local        text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  currency         text NOT NULL,
  return_url       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'expired')),
  expires_at       timestamptz NOT NULL,
  amount_refunded  bigint NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  decided_at       timestamptz,
  CHECK (amount_refunded <= amount)
);

-- The webhooks the sandbox owes the store, one per decision: each has its own id (the store dedupes on it) and is
-- sent again until the store answers 2xx.
CREATE TABLE sandbox_async_events (
  id            text PRIMARY KEY,
  ref           text NOT NULL REFERENCES sandbox_async_payments (ref) ON DELETE CASCADE,
  status        text NOT NULL,
  body          text NOT NULL,
  delivered_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_async_events_due_idx ON sandbox_async_events (created_at) WHERE delivered_at IS NULL;

-- The sandbox's webhook signing secret when ASYNC_PAYMENT_WEBHOOK_SECRET is unset: one row, made on first use.
CREATE TABLE sandbox_async_keys (
  id      integer PRIMARY KEY CHECK (id = 1),
  secret  text NOT NULL
);
