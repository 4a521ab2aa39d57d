-- Stock and sale alerts: "tell me when it is back" on a sold-out version, and "remind me" before a sale starts.
-- Both are a signed-in shopper's requests, told by a message and a mail of the new kind 'alert', which the shopper may
-- switch off per channel at /user/notification-preferences like the other kinds.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('order', 'service', 'ticket', 'review', 'system', 'alert'));
ALTER TABLE notification_prefs DROP CONSTRAINT notification_prefs_kind_check;
ALTER TABLE notification_prefs ADD CONSTRAINT notification_prefs_kind_check
  CHECK (kind IN ('order', 'service', 'ticket', 'review', 'alert'));

-- Back-in-stock alerts: one per shopper and version of a country while waiting. waiting → notified (the stock came back
-- within the follow-up window and the shopper was told, once), cancelled (by the shopper) or expired (the window
-- passed with no stock: nobody is told). The storefront it was asked in gives the language and the links.
CREATE TABLE stock_alerts (
  id           bigserial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url_local    text NOT NULL,
  commodity_id text NOT NULL,
  local        text NOT NULL,
  state        text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'notified', 'cancelled', 'expired')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  closed_at    timestamptz,
  FOREIGN KEY (commodity_id, local) REFERENCES offers (commodity_id, local) ON DELETE CASCADE,
  CHECK (expires_at > created_at),
  CHECK ((state = 'waiting') = (closed_at IS NULL))
);
-- One waiting alert per shopper and version, however many clicks arrive at once.
CREATE UNIQUE INDEX stock_alerts_one_waiting_idx ON stock_alerts (user_id, commodity_id, local) WHERE state = 'waiting';
CREATE INDEX stock_alerts_offer_idx ON stock_alerts (commodity_id, local) WHERE state = 'waiting';
CREATE INDEX stock_alerts_user_idx ON stock_alerts (user_id, id DESC);

-- Reminders before a sale starts: a pre-sale's deposit window or a coupon campaign (a flash sale). waiting → sent
-- (before the start), cancelled (by the shopper) or missed (the sale started, ended or was withdrawn before the
-- reminder could go: nobody is told after the start). The sale's start is read when the reminder is due, so an
-- operator moving the window moves the reminder.
CREATE TABLE sale_reminders (
  id         bigserial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url_local  text NOT NULL,
  sale_kind  text NOT NULL CHECK (sale_kind IN ('presale', 'coupon')),
  sale_id    text NOT NULL,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  state      text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'cancelled', 'missed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at  timestamptz,
  CHECK ((state = 'waiting') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX sale_reminders_one_waiting_idx ON sale_reminders (user_id, sale_kind, sale_id)
  WHERE state = 'waiting';
CREATE INDEX sale_reminders_sale_idx ON sale_reminders (sale_kind, sale_id) WHERE state = 'waiting';
CREATE INDEX sale_reminders_user_idx ON sale_reminders (user_id, id DESC);

-- The sales a reminder may name, with their windows as they are now (operators move them; a campaign removed from the
-- content ends at once).
CREATE VIEW sale_windows AS
SELECT 'presale'::text AS sale_kind, id AS sale_id, local, product_id, NULL::text AS title,
       deposit_starts_at AS starts_at, deposit_ends_at AS ends_at
FROM presale_campaigns
UNION ALL
SELECT 'coupon'::text, id, local, NULL::text, title, starts_at, ends_at
FROM coupons;

-- Wakes the alert senders of every API process (LISTEN stock_back) when an offer with waiting alerts comes back:
-- its stock leaves zero, or it is back on sale with stock. Every way stock moves (operators, cancellations, returns,
-- a seed putting an offer back on sale) passes here, so none has to know about alerts. The senders also sweep on an
-- interval, so a wake-up lost with a process costs a delay, never an alert.
CREATE FUNCTION notify_stock_back() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_alerts WHERE commodity_id = NEW.commodity_id AND local = NEW.local AND state = 'waiting')
  THEN
    PERFORM pg_notify('stock_back', NEW.local || ' ' || NEW.commodity_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER offers_stock_back AFTER UPDATE OF stock, on_sale ON offers
FOR EACH ROW WHEN (NEW.stock > 0 AND NEW.on_sale AND (OLD.stock = 0 OR NOT OLD.on_sale))
EXECUTE FUNCTION notify_stock_back();
