-- Offers of country $1 for the inventory, with their latest movements: $2 product id (NULL = any), $3 text to find in
-- a product name, product id or commodity id (NULL = any; LIKE wildcards already escaped), $4 how many offers,
-- $5 how many movements each, $6 one commodity (NULL = any).
SELECT o.local, o.commodity_id, c.product_id, p.name,
       concat_ws(' · ', nullif(c.first_spec_value, ''), nullif(c.second_spec_value, '')) AS spec,
       o.stock, o.on_sale,
       coalesce((
         SELECT jsonb_agg(m ORDER BY m.n DESC)
         FROM (
           SELECT sm.id AS n, sm.id::text AS id, sm.delta, sm.stock_after, sm.reason, sm.order_id::text AS order_id, sm.reference,
                  u.email AS actor, sm.note, (extract(epoch FROM sm.created_at) * 1000)::bigint AS created_at
           FROM stock_movements sm LEFT JOIN users u ON u.id = sm.actor_id
           WHERE sm.commodity_id = o.commodity_id AND sm.local = o.local
           ORDER BY sm.id DESC
           LIMIT $5
         ) m
       ), '[]') AS movements
FROM offers o
JOIN commodities c ON c.commodity_id = o.commodity_id
JOIN products p ON p.id = c.product_id
WHERE o.local = $1
  AND ($2::text IS NULL OR c.product_id = $2)
  AND ($6::text IS NULL OR o.commodity_id = $6)
  AND ($3::text IS NULL OR p.name ILIKE '%' || $3 || '%' OR p.id ILIKE '%' || $3 || '%' OR o.commodity_id = $3)
ORDER BY p.rank, c.position, o.commodity_id
LIMIT $4
