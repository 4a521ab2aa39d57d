-- Abuse holes an outside probe found: quotes that held a stranger's device, tickets opened under anyone's address,
-- and ids that count the store's orders.

-- Trade-in: an evaluation is only a quote, so it no longer holds the device against other accounts; each account
-- holds at most one active trade-in per device, and a device is redeemed into one order at a time (redeemIn also
-- takes a lock per device, so a second redemption is refused rather than failing on this index).
DROP INDEX trade_ins_one_active_imei_idx;
CREATE UNIQUE INDEX trade_ins_one_active_per_user_idx ON trade_ins (user_id, imei) WHERE state IN ('evaluated', 'redeemed', 'picked_up', 'assessed');
CREATE UNIQUE INDEX trade_ins_one_redeemed_imei_idx ON trade_ins (imei) WHERE state IN ('redeemed', 'picked_up', 'assessed');

-- The offline form opens a ticket only once its address confirms: until the mailed link is followed the request
-- waits here, unseen by staff. The link's token is single use (confirmed_at) and expires; only its hash is kept.
CREATE TABLE support_ticket_requests (
  token_hash   text PRIMARY KEY,
  local        text NOT NULL,
  url_local    text NOT NULL,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  request_type text NOT NULL,
  name         text NOT NULL,
  email        text NOT NULL,
  order_id     text,
  body         text NOT NULL,
  expires_at   timestamptz NOT NULL,
  confirmed_at timestamptz,
  ticket_id    bigint REFERENCES support_tickets (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_ticket_requests_expiry_idx ON support_ticket_requests (expires_at);
