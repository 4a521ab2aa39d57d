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

-- Public numbers: ids of orders, support tickets, service requests and business applications were their sequence,
-- so two of them told how many came between (the store's volume) and the next one was guessable. New rows get a
-- keyed permutation of the sequence instead: unique without retries (a permutation of distinct sequence values),
-- still numeric (the ^\d{1,18}$ checks and URLs stay), 16 digits from 10^15 (older rows keep their shorter ids, so
-- the two never meet), and below 2^53, so a JavaScript number holds one exactly.

-- The keys, drawn once per database from the strong random source behind gen_random_uuid() (random() may start
-- from the same seed in every embedded database). Six rounds, one key each.
CREATE TABLE public_number_keys (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  keys     bigint[] NOT NULL CHECK (array_length(keys, 1) = 6)
);
INSERT INTO public_number_keys (keys)
SELECT array_agg(('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint ORDER BY r) FROM generate_series(1, 6) r;

-- A keyed permutation of [0, 2^(2 * p_half)), p_half up to 25: a balanced Feistel network whose round function is
-- plain 64-bit integer arithmetic (every product stays below 2^63), so it answers alike on every Postgres version;
-- a built-in hash could change with a major release, and a permutation that changed would repeat earlier numbers.
-- p_tweak tells kinds apart: the n-th order and the n-th ticket get unrelated numbers.
CREATE FUNCTION keyed_permutation(p_value bigint, p_half integer, p_tweak integer)
RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_mask  bigint := (1::bigint << p_half) - 1;
  v_left  bigint := (p_value >> p_half) & v_mask;
  v_right bigint := p_value & v_mask;
  v_keys  bigint[];
  v_f     bigint;
  v_next  bigint;
BEGIN
  IF p_half < 1 OR p_half > 25 OR p_value < 0 OR (p_value >> (2 * p_half)) <> 0 THEN
    RAISE EXCEPTION 'keyed_permutation: % is outside [0, 2^%)', p_value, 2 * p_half;
  END IF;
  SELECT keys INTO STRICT v_keys FROM public_number_keys;
  FOR i IN 1 .. 6 LOOP
    v_f := (v_right # v_keys[i] # (p_tweak::bigint * 40503)) & 2147483647;
    v_f := (v_f * 1103515245 + 12345) & 2147483647;
    v_f := v_f # (v_f >> 15);
    v_f := (v_f * 747796405) & 2147483647;
    v_f := v_f # (v_f >> 13);
    v_next := v_left # (v_f & v_mask);
    v_left := v_right;
    v_right := v_next;
  END LOOP;
  RETURN (v_left << p_half) | v_right;
END
$$;

-- The public number of the p_seq-th row of a kind: 16 digits, unique for every p_seq below 2^50.
CREATE FUNCTION public_number(p_seq bigint, p_tweak integer)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT 1000000000000000 + keyed_permutation(p_seq, 25, p_tweak)
$$;

-- Six digits (0-999999) for the p_seq-th row, distinct for any million consecutive p_seq: the permutation of
-- [0, 2^20) is applied again until it lands below a million (cycle walking), which keeps it a permutation of [0, 10^6).
CREATE FUNCTION public_digits6(p_seq bigint, p_tweak integer)
RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v bigint := p_seq % 1000000;
BEGIN
  LOOP
    v := keyed_permutation(v, 10, p_tweak);
    EXIT WHEN v < 1000000;
  END LOOP;
  RETURN v;
END
$$;

ALTER TABLE orders ALTER COLUMN id SET DEFAULT public_number(nextval('order_numbers'), 1);
ALTER TABLE support_tickets ALTER COLUMN id SET DEFAULT public_number(nextval('ticket_numbers'), 2);
ALTER TABLE service_requests ALTER COLUMN id SET DEFAULT public_number(nextval('service_requests_id_seq'), 3);
ALTER TABLE enterprise_accounts ALTER COLUMN id SET DEFAULT public_number(nextval('enterprise_accounts_id_seq'), 4);

-- The id and number of a new service request from one step of its sequence: 'SR', the date and six digits, distinct
-- within a day (fewer than a million requests a day). Only a number given out earlier on the day of this migration,
-- in the old format, can match one: that step is skipped (those rows are committed, so the check does not race).
CREATE FUNCTION new_service_request_number(OUT new_id bigint, OUT request_no text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_seq bigint;
BEGIN
  LOOP
    v_seq := nextval('service_requests_id_seq');
    request_no := 'SR' || to_char(now(), 'YYMMDD') || lpad(public_digits6(v_seq, 3)::text, 6, '0');
    EXIT WHEN NOT EXISTS (SELECT 1 FROM service_requests r WHERE r.request_no = new_service_request_number.request_no);
  END LOOP;
  new_id := public_number(v_seq, 3);
END
$$;

-- Lists show the newest first by time now that ids no longer follow it.
DROP INDEX support_tickets_user_idx;
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC) WHERE user_id IS NOT NULL;
DROP INDEX service_requests_user_idx;
CREATE INDEX service_requests_user_idx ON service_requests (user_id, created_at DESC);
