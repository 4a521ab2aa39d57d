-- The price history of every offer (commodity × country): each price it had and the instant it started, from which
-- EU/EEA storefronts show the lowest price of the 30 days before a reduction (server/prices/lowest-price.ts).
-- Live data, not content: written by the triggers below whoever changes an offer's price (the seed when it creates an
-- offer or prices a country no release serves, a publish or a rollback), never rewritten or deleted by a re-seed.
--   valid_from  when the price started; '-infinity' for a price older than any record (carried over below)
--   source      seed: the content seed (or another writer outside a release); release: a publish or rollback;
--               earlier: carried over when this table was made
CREATE TABLE price_history (
  local        text NOT NULL,
  commodity_id text NOT NULL,
  valid_from   timestamptz NOT NULL,
  currency     text NOT NULL,
  sale_price   numeric(14, 2) NOT NULL,
  market_price numeric(14, 2),
  on_sale      boolean NOT NULL,
  source       text NOT NULL CHECK (source IN ('seed', 'release', 'earlier')),
  release_id   text,
  PRIMARY KEY (local, commodity_id, valid_from)
);

-- One row per change, at the instant of the write: a second writer of an offer waits for the first's row lock, so
-- its row comes later even when its transaction began first (two publishes at once: the history ends with the price
-- sold now, never with the one overwritten).
CREATE FUNCTION price_history_write(p_offer offers) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_release text := CASE WHEN current_setting('storefront.applying_release', true) = 'on' THEN
    (SELECT release_id FROM storefront_releases WHERE country = p_offer.local ORDER BY local LIMIT 1) END;
BEGIN
  INSERT INTO price_history (local, commodity_id, valid_from, currency, sale_price, market_price, on_sale, source,
                             release_id)
  VALUES (p_offer.local, p_offer.commodity_id, clock_timestamp(), p_offer.currency, p_offer.sale_price, p_offer.market_price,
          p_offer.on_sale, CASE WHEN v_release IS NULL THEN 'seed' ELSE 'release' END, v_release)
  ON CONFLICT (local, commodity_id, valid_from) DO UPDATE SET currency = EXCLUDED.currency,
    sale_price = EXCLUDED.sale_price, market_price = EXCLUDED.market_price, on_sale = EXCLUDED.on_sale,
    source = EXCLUDED.source, release_id = EXCLUDED.release_id;
END
$$;

-- A new offer starts its history. Per statement: the seed creates thousands of offers in one INSERT.
CREATE FUNCTION price_history_offers_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM price_history_write(n) FROM created_offers n;
  RETURN NULL;
END
$$;
CREATE TRIGGER price_history_created AFTER INSERT ON offers REFERENCING NEW TABLE AS created_offers
  FOR EACH STATEMENT EXECUTE FUNCTION price_history_offers_created();

-- A changed price (or the offer going on or off sale) adds a row; stock moves and same-price re-seeds never run it.
CREATE FUNCTION price_history_offer_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM price_history_write(NEW);
  RETURN NULL;
END
$$;
CREATE TRIGGER price_history_changed AFTER UPDATE OF currency, sale_price, market_price, on_sale ON offers
  FOR EACH ROW
  WHEN ((OLD.currency, OLD.sale_price, OLD.market_price, OLD.on_sale)
        IS DISTINCT FROM (NEW.currency, NEW.sale_price, NEW.market_price, NEW.on_sale))
  EXECUTE FUNCTION price_history_offer_changed();

-- Offers that exist already. The release history (offer_price_history, migration 028) is carried over; its
-- '-infinity' row (the price before the first release change) starts when the offer's stock started, if the ledger
-- knows it and that was before the first change.
INSERT INTO price_history (local, commodity_id, valid_from, currency, sale_price, market_price, on_sale, source,
                           release_id)
SELECT h.local, h.commodity_id,
       CASE WHEN isfinite(h.valid_from) THEN h.valid_from
            ELSE coalesce((SELECT min(m.created_at) FROM stock_movements m
                           WHERE m.commodity_id = h.commodity_id AND m.local = h.local
                           HAVING min(m.created_at) < (SELECT min(f.valid_from) FROM offer_price_history f
                                                       WHERE f.local = h.local AND f.commodity_id = h.commodity_id
                                                         AND isfinite(f.valid_from))), '-infinity') END,
       h.currency, h.sale_price, NULL, true, 'earlier', h.release_id
FROM offer_price_history h
JOIN offers o ON o.local = h.local AND o.commodity_id = h.commodity_id
ON CONFLICT DO NOTHING;

-- Then each offer's price now, where the carried-over history does not end with it: since its stock started (or
-- since before any record) when it has no history, since now when a seed changed it after the last release did.
INSERT INTO price_history (local, commodity_id, valid_from, currency, sale_price, market_price, on_sale, source)
SELECT o.local, o.commodity_id,
       CASE WHEN last.valid_from IS NULL THEN
              coalesce((SELECT min(m.created_at) FROM stock_movements m
                        WHERE m.commodity_id = o.commodity_id AND m.local = o.local), '-infinity')
            ELSE now() END,
       o.currency, o.sale_price, o.market_price, o.on_sale, 'earlier'
FROM offers o
LEFT JOIN LATERAL (SELECT p.valid_from, p.currency, p.sale_price FROM price_history p
                   WHERE p.local = o.local AND p.commodity_id = o.commodity_id
                   ORDER BY p.valid_from DESC LIMIT 1) last ON true
WHERE last.valid_from IS NULL OR (last.currency, last.sale_price) IS DISTINCT FROM (o.currency, o.sale_price)
ON CONFLICT DO NOTHING;
