-- The lines of cart $1 with the offer of country $2 (NULL prices when the commodity is not sold there).
SELECT ci.commodity_id, ci.quantity, ci.checked, c.goods_id, c.first_spec_value, c.second_spec_value,
       p.id AS product_id, p.category, p.name, p.image, p.purchase_limit,
       p.data -> 'energyInfo' AS energy_info, p.data -> 'bundleLabels' AS bundle_labels,
       p.data -> 'labelCountries' AS label_countries, coalesce((p.data ->> 'preOrder')::boolean, false) AS pre_order,
       o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
FROM cart_items ci
JOIN commodities c ON c.commodity_id = ci.commodity_id
JOIN products p ON p.id = c.product_id
LEFT JOIN offers o ON o.commodity_id = ci.commodity_id AND o.local = $2
WHERE ci.cart_id = $1
ORDER BY ci.added_at, ci.commodity_id
