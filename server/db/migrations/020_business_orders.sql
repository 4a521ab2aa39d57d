-- Business (company) orders: the enterprise account that placed an order, its VAT exemption,
-- and split payments (company purchases over the country's threshold are paid in several parts).
ALTER TABLE orders ADD COLUMN company_account_id bigint REFERENCES enterprise_accounts (id) ON DELETE SET NULL;
-- An exempt account's order charges the net amount: tax is 0 and vat_exempted is the VAT not charged.
ALTER TABLE orders ADD COLUMN vat_exempt boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN vat_exempted bigint NOT NULL DEFAULT 0 CHECK (vat_exempted >= 0);
ALTER TABLE orders ADD CONSTRAINT orders_company_flow CHECK (company_account_id IS NULL OR flow = 'company');
CREATE INDEX orders_company_idx ON orders (company_account_id) WHERE company_account_id IS NOT NULL;

-- One part of a split payment: a card charge or a bank transfer. A part reserves its amount while pending, so
-- parallel parts never add up to more than the order's amount due (checked under the order's row lock).
CREATE TABLE split_payment_parts (
  id            bigserial PRIMARY KEY,
  order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method        text NOT NULL CHECK (method IN ('card', 'bank_transfer')),
  state         text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  amount        bigint NOT NULL CHECK (amount > 0),
  currency      text NOT NULL,
  card_brand    text,
  card_last4    text CHECK (card_last4 ~ '^[0-9]{4}$'),
  provider_ref  text,
  failure_code  text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX split_payment_parts_order_idx ON split_payment_parts (order_id);
