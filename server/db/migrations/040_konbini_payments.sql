-- Convenience-store payments (konbini): the shopper pays a code at a store's counter before its deadline.

-- The sandbox provider's books take every local method's payments. The list names all the async methods the store
-- knows, so whichever method's migration runs last keeps the others' rows valid.
ALTER TABLE sandbox_async_payments DROP CONSTRAINT IF EXISTS sandbox_async_payments_method_check;
ALTER TABLE sandbox_async_payments ADD CONSTRAINT sandbox_async_payments_method_check
  CHECK (method IN ('ewallet', 'qris', 'upi', 'bank_va', 'konbini', 'cod', 'apple_pay', 'google_pay'));

-- The sandbox's counter codes: what the shopper shows at the counter (and, at some chains, a confirmation number).
CREATE TABLE sandbox_konbini_codes (
  ref           text PRIMARY KEY REFERENCES sandbox_async_payments (ref) ON DELETE CASCADE,
  store         text NOT NULL,
  code          text NOT NULL UNIQUE CHECK (code ~ '^[0-9]{10,20}$'),
  confirmation  text CHECK (confirmation ~ '^[0-9]{4,10}$')
);

-- The store's copy of a konbini payment's code, shown on the result and order pages until it is paid or lapses.
CREATE TABLE konbini_codes (
  payment_id    bigint PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  store         text NOT NULL,
  code          text NOT NULL,
  confirmation  text,
  -- Minor units the counter adds as the store's own fee (the order's amount does not include it).
  fee           bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
