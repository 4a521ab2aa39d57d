-- Bank virtual accounts (method bank_va): the shopper transfers the exact amount to an account number opened for
-- the payment; the bank feed confirms by webhook. The sandbox provider keeps its own books here, beside the
-- e-wallets' (server/payments/bank-transfer-sandbox.ts), and the store records what it learnt of each account.

-- The sandbox's virtual accounts: one per payment reference (a retry gets the same), each number unique.
CREATE TABLE sandbox_bank_accounts (
  ref              text PRIMARY KEY,
  reference        text NOT NULL UNIQUE,
  seq              bigserial,
  bank             text NOT NULL,
  number           text NOT NULL UNIQUE,
  user_id          integer NOT NULL,
  url_local        text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  currency         text NOT NULL,
  return_url       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'expired')),
  -- Every transfer to the account adds here, whatever the status: the bank holds the money until it goes back.
  amount_received  bigint NOT NULL DEFAULT 0 CHECK (amount_received >= 0),
  amount_refunded  bigint NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0),
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  decided_at       timestamptz,
  CHECK (amount_refunded <= amount_received)
);

-- The transfers the sandbox bank received (its "transfer" page), one per bank-feed line.
CREATE TABLE sandbox_bank_transfers (
  id          text PRIMARY KEY,
  ref         text NOT NULL REFERENCES sandbox_bank_accounts (ref) ON DELETE CASCADE,
  amount      bigint NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The bank-feed webhooks the sandbox owes the store (a transfer, or the account closing), sent until accepted.
CREATE TABLE sandbox_bank_events (
  id            text PRIMARY KEY,
  ref           text NOT NULL REFERENCES sandbox_bank_accounts (ref) ON DELETE CASCADE,
  body          text NOT NULL,
  delivered_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_bank_events_due_idx ON sandbox_bank_events (created_at) WHERE delivered_at IS NULL;

-- The sandbox's switch per bank: its account validation is down, so no account can be opened there.
CREATE TABLE sandbox_bank_validation (
  bank        text PRIMARY KEY,
  down        boolean NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- What the store knows of a payment's virtual account: the number it showed, the money the bank feed reported
-- received, and how much of it the store already owes back (too much, or after the account closed).
CREATE TABLE bank_transfer_payments (
  payment_id       bigint PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  bank             text NOT NULL,
  number           text NOT NULL,
  provider_ref     text NOT NULL,
  amount_received  bigint NOT NULL DEFAULT 0 CHECK (amount_received >= 0),
  amount_returned  bigint NOT NULL DEFAULT 0 CHECK (amount_returned >= 0),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_returned <= amount_received)
);
