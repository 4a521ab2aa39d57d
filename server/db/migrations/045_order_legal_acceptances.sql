-- Which version of the terms of sale and of the privacy policy a shopper accepted with an order, and in which
-- language each was shown: written by the placement step that checks the agreements, in the order's transaction, and
-- kept as long as the order.
CREATE TABLE order_legal_acceptances (
  order_id          bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  terms_version     text NOT NULL CHECK (terms_version ~ '^[0-9]+\.[0-9]+$'),
  terms_language    text NOT NULL CHECK (length(terms_language) BETWEEN 2 AND 10),
  privacy_version   text NOT NULL CHECK (privacy_version ~ '^[0-9]+\.[0-9]+$'),
  privacy_language  text NOT NULL CHECK (length(privacy_language) BETWEEN 2 AND 10),
  accepted_at       timestamptz NOT NULL DEFAULT now()
);
