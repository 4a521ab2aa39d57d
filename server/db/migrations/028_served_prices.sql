-- The API quotes, per storefront, the prices of the release that serves its pages (server/releases/served-prices.ts).

-- Offers dropped from a country stay as rows (carts and orders point at them) but are not sold. The stock work adds the
-- same column; both orders of the two migrations work.
ALTER TABLE offers ADD COLUMN IF NOT EXISTS on_sale boolean NOT NULL DEFAULT true;

-- Which release serves each storefront's pages. `local` is the storefront's code (its URL prefix: 'de', 'be-fr');
-- `country` is the offers' local it prices (two storefronts of one country share its offers).
CREATE TABLE storefront_releases (
  local        text PRIMARY KEY,
  country      text NOT NULL,
  release_id   text NOT NULL,
  version      text,
  published_at timestamptz,
  published_by bigint,
  note         text,
  applied_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storefront_releases_country_idx ON storefront_releases (country);

-- The offers a served release shows, per country: what `offers` must hold there whoever else writes to it (the seed).
CREATE TABLE served_offers (
  local        text NOT NULL,
  commodity_id text NOT NULL,
  currency     text NOT NULL,
  sale_price   numeric(14, 2) NOT NULL,
  market_price numeric(14, 2) NOT NULL,
  PRIMARY KEY (local, commodity_id)
);

-- Each price an offer had and since when (written when a release changes it): a cart line remembers the price it
-- was added at by its added_at, in whichever storefront the cart is read.
CREATE TABLE offer_price_history (
  local        text NOT NULL,
  commodity_id text NOT NULL,
  valid_from   timestamptz NOT NULL,
  currency     text NOT NULL,
  sale_price   numeric(14, 2) NOT NULL,
  release_id   text,
  PRIMARY KEY (local, commodity_id, valid_from)
);

-- Which release priced the order (null: no release served the storefront, the snapshot's prices did).
ALTER TABLE orders ADD COLUMN release_id text;

CREATE FUNCTION orders_served_release() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.release_id IS NULL THEN
    SELECT release_id INTO NEW.release_id FROM storefront_releases WHERE local = NEW.url_local;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_served_release BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_served_release();

-- The seed rule: where a release serves a country, whoever writes an offer's prices (the content seed at API start)
-- gets the release's prices; an offer the release does not show is not on sale. Only applyServedRelease (which sets
-- storefront.applying_release for its transaction) writes other prices. Gift cards are priced by code, not releases.
-- Column triggers: the stock updates of orders and carts never run it.
CREATE FUNCTION offers_keep_served_prices() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_served served_offers%ROWTYPE;
BEGIN
  IF current_setting('storefront.applying_release', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM storefront_releases WHERE country = NEW.local) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM commodities c JOIN products p ON p.id = c.product_id
             WHERE c.commodity_id = NEW.commodity_id AND coalesce((p.data ->> 'giftCard')::boolean, false)) THEN
    RETURN NEW;
  END IF;
  SELECT * INTO v_served FROM served_offers WHERE local = NEW.local AND commodity_id = NEW.commodity_id;
  IF FOUND THEN
    NEW.currency := v_served.currency;
    NEW.sale_price := v_served.sale_price;
    NEW.market_price := v_served.market_price;
    NEW.on_sale := true;
  ELSE
    NEW.on_sale := false;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER offers_keep_served_prices_insert BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION offers_keep_served_prices();
CREATE TRIGGER offers_keep_served_prices_update BEFORE UPDATE OF currency, sale_price, market_price, on_sale ON offers
  FOR EACH ROW EXECUTE FUNCTION offers_keep_served_prices();

-- The cart lines as before (an offer off sale reads as no offer), plus the price each line was added at in this country (null when unknown or in
-- another currency): the cart shows old → new when a release changed it since.
CREATE OR REPLACE FUNCTION cart_lines(p_cart uuid, p_local text)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT jsonb_agg(to_jsonb(l) - 'added_at' ORDER BY l.added_at, l.commodity_id)
    FROM (
      SELECT ci.added_at, ci.commodity_id, ci.quantity, ci.checked, c.goods_id, c.first_spec_value, c.second_spec_value,
             p.id AS product_id, p.category, p.name, p.image, p.purchase_limit,
             p.data -> 'energyInfo' AS energy_info, p.data -> 'bundleLabels' AS bundle_labels,
             p.data -> 'labelCountries' AS label_countries, coalesce((p.data ->> 'preOrder')::boolean, false) AS pre_order,
             o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock,
             (SELECT CASE WHEN h.currency = o.currency THEN h.sale_price::float8 END
              FROM offer_price_history h
              WHERE h.local = p_local AND h.commodity_id = ci.commodity_id AND h.valid_from <= ci.added_at
              ORDER BY h.valid_from DESC LIMIT 1) AS added_price
      FROM cart_items ci
      JOIN commodities c ON c.commodity_id = ci.commodity_id
      JOIN products p ON p.id = c.product_id
      LEFT JOIN offers o ON o.commodity_id = ci.commodity_id AND o.local = p_local AND o.on_sale
      WHERE ci.cart_id = p_cart
    ) l
  ), '[]');
END
$$;
