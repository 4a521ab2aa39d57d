-- UPI (India) through the async sandbox provider: its books take the method `upi`, and keep, per UPI payment, how the
-- shopper pays (a collect request to the UPI ID they typed, or the intent link / QR any UPI app opens).
ALTER TABLE sandbox_async_payments DROP CONSTRAINT sandbox_async_payments_method_check;
ALTER TABLE sandbox_async_payments ADD CONSTRAINT sandbox_async_payments_method_check
  CHECK (method IN ('ewallet', 'qris', 'upi'));

CREATE TABLE sandbox_upi_requests (
  ref    text PRIMARY KEY REFERENCES sandbox_async_payments (ref) ON DELETE CASCADE,
  flow   text NOT NULL CHECK (flow IN ('collect', 'intent')),
  -- The payer's UPI ID a collect request goes to (null for intent / QR, where the payer's app chooses).
  vpa    text CHECK (vpa IS NULL OR length(vpa) BETWEEN 5 AND 321),
  CHECK ((flow = 'collect') = (vpa IS NOT NULL))
);
CREATE INDEX sandbox_upi_requests_vpa_idx ON sandbox_upi_requests (vpa) WHERE vpa IS NOT NULL;
