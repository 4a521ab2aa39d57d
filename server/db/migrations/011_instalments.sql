-- Instalments and pay later. The plan a payment was made with: card instalments (EMI), the BFL
-- EMI card, or a buy-now-pay-later provider, with the figures the shopper was shown (monthly amount, months,
-- interest, total), in the currency's minor units. Interest is the bank's or provider's, never part of the order.
CREATE TABLE payment_plans (
  payment_id      bigint PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('instalment', 'bfl', 'bnpl')),
  plan_id         text NOT NULL,
  bank            text,
  card_kind       text CHECK (card_kind IN ('credit', 'debit', 'emi')),
  months          integer NOT NULL CHECK (months BETWEEN 1 AND 24),
  monthly_rate_bp integer NOT NULL CHECK (monthly_rate_bp >= 0),
  monthly_amount  bigint NOT NULL CHECK (monthly_amount >= 0),
  last_amount     bigint NOT NULL CHECK (last_amount >= 0),
  interest        bigint NOT NULL CHECK (interest >= 0),
  total           bigint NOT NULL CHECK (total > 0),
  currency        text NOT NULL,
  provider_ref    text UNIQUE,
  return_url      text,
  settled         text CHECK (settled IN ('approved', 'declined')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (monthly_amount * (months - 1) + last_amount = total)
);

-- The sandbox pay-later provider's own books (server/payments/bnpl-sandbox.ts), shared by every API process.
CREATE TABLE sandbox_bnpl_sessions (
  ref          text PRIMARY KEY,
  reference    text NOT NULL UNIQUE,
  offer        text NOT NULL,
  user_id      integer NOT NULL,
  url_local    text NOT NULL,
  amount       bigint NOT NULL CHECK (amount > 0),
  currency     text NOT NULL,
  callback_url text NOT NULL,
  status       text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz
);

-- The sandbox provider's signing key for callbacks: one row, made on first use.
CREATE TABLE sandbox_bnpl_keys (
  id     integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
