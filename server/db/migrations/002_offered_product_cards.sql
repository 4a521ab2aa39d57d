-- One card per product and country where it is on sale: the cheapest commodity, in-stock ones first.
-- Navigation products, recommendations and search suggestions all read their cards here; filtering on
-- `local` is pushed into the DISTINCT ON, so a query for one country only touches that country's offers.
CREATE VIEW offered_product_cards AS
SELECT DISTINCT ON (o.local, p.id)
       o.local, p.id AS product_id, p.name, p.image, p.category, p.sub_category, p.rank,
       -- Only what a card shows: the stored product carries every country's offers and would be sorted along.
       jsonb_strip_nulls(jsonb_build_object('tagline', p.data -> 'tagline', 'marketingTag', p.data -> 'marketingTag', 'energyInfo', p.data -> 'energyInfo',
                                            'bundleLabels', p.data -> 'bundleLabels', 'labelCountries', p.data -> 'labelCountries')) AS data,
       c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
FROM products p
JOIN commodities c ON c.product_id = p.id
JOIN offers o ON o.commodity_id = c.commodity_id
ORDER BY o.local, p.id, (o.stock > 0) DESC, o.sale_price, c.position;
