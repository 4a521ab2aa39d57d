-- The lines of cart $1 with the offer of country $2 (NULL prices when the commodity is not sold there), in the order
-- they were added, as one jsonb array. The query itself is the function cart_lines (migration 022), which cart_add
-- uses too.
SELECT cart_lines($1, $2) AS lines
