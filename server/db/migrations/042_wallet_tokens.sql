-- The sandbox browser wallet (Apple Pay, Google Pay; server/payments/wallet-sandbox.ts): the key it signs its test
-- tokens with, shared by every API process, and the tokens already used (a token pays at most once).
CREATE TABLE sandbox_wallet_keys (
  id      integer PRIMARY KEY CHECK (id = 1),
  secret  text NOT NULL
);

CREATE TABLE sandbox_wallet_tokens_used (
  token_id  text PRIMARY KEY CHECK (length(token_id) BETWEEN 1 AND 64),
  used_at   timestamptz NOT NULL DEFAULT now()
);
