-- Trade-in and exchange: the programmes come from the content snapshot (promotions/trade-in.json), the
-- evaluations are the shoppers'. Money is integer minor units of the programme's currency. The IMEI identifies the
-- old device (it is not card data); one device per exchange, one active evaluation per IMEI.
CREATE TABLE trade_in_programs (
  local         text PRIMARY KEY,
  currency      text NOT NULL,
  validity_days integer NOT NULL CHECK (validity_days > 0),
  timing        jsonb NOT NULL,                 -- {pickupDays, refundDays, rebateBusinessDays}
  questions     jsonb NOT NULL                  -- [{id, options: [{id, deductionPercent, notEligible?}]}]
);

CREATE TABLE trade_in_models (
  local    text NOT NULL REFERENCES trade_in_programs (local) ON DELETE CASCADE,
  id       text NOT NULL,
  brand    text NOT NULL,
  model    text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (local, id)
);

CREATE TABLE trade_in_values (
  local      text NOT NULL,
  model_id   text NOT NULL,
  storage    text NOT NULL,
  base_value bigint NOT NULL CHECK (base_value > 0),
  position   integer NOT NULL,
  PRIMARY KEY (local, model_id, storage),
  FOREIGN KEY (local, model_id) REFERENCES trade_in_models (local, id) ON DELETE CASCADE
);

-- The new phones an exchange applies to, with what each adds: a bonus off at checkout, a subsidy paid later.
CREATE TABLE trade_in_phones (
  local      text NOT NULL REFERENCES trade_in_programs (local) ON DELETE CASCADE,
  product_id text NOT NULL,
  bonus      bigint NOT NULL CHECK (bonus >= 0),
  subsidy    bigint NOT NULL CHECK (subsidy >= 0),
  position   integer NOT NULL,
  PRIMARY KEY (local, product_id)
);

CREATE SEQUENCE trade_in_numbers START WITH 7300000001;

-- Trade-in states: evaluated → redeemed (with the order) → picked_up → assessed → refunded or completed;
-- not_evaluated (the device is not eligible) and cancelled end there. An evaluated trade-in past valid_until is
-- shown as expired and is cancelled when its IMEI is evaluated again.
CREATE TABLE trade_ins (
  id             bigint PRIMARY KEY DEFAULT nextval('trade_in_numbers'),
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local          text NOT NULL,
  model_id       text NOT NULL,
  brand          text NOT NULL,
  model          text NOT NULL,
  storage        text NOT NULL,
  answers        jsonb NOT NULL,
  imei           text NOT NULL CHECK (imei ~ '^[0-9]{15}$'),
  currency       text NOT NULL,
  base_value     bigint NOT NULL CHECK (base_value >= 0),
  exchange_value bigint NOT NULL CHECK (exchange_value >= 0),
  offers         jsonb NOT NULL DEFAULT '[]',   -- the eligible new phones with bonus and subsidy, as quoted
  product_id     text,                          -- the new phone the exchange went to
  bonus          bigint CHECK (bonus >= 0),
  subsidy        bigint CHECK (subsidy >= 0),
  state          text NOT NULL CHECK (state IN ('evaluated', 'not_evaluated', 'cancelled', 'redeemed', 'picked_up', 'assessed', 'refunded', 'completed')),
  order_id       bigint REFERENCES orders (id) ON DELETE SET NULL,
  valid_until    timestamptz NOT NULL,
  cancel_reason  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  redeemed_at    timestamptz,
  picked_up_at   timestamptz,
  assessed_at    timestamptz,
  closed_at      timestamptz,
  cancelled_at   timestamptz
);
CREATE INDEX trade_ins_user_idx ON trade_ins (user_id, local, created_at DESC);
-- One active evaluation per device, held by the database under any concurrency.
CREATE UNIQUE INDEX trade_ins_one_active_imei_idx ON trade_ins (imei) WHERE state IN ('evaluated', 'redeemed', 'picked_up', 'assessed');
-- One trade-in product and one device per exchange: an order takes at most one.
CREATE UNIQUE INDEX trade_ins_one_per_order_idx ON trade_ins (order_id) WHERE order_id IS NOT NULL;
