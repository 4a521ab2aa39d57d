-- The lines of cart $1 with the offer of country $2 (NULL prices when the commodity is not sold there), in the order
-- they were added. The query itself is the function cart_lines (migration 022), which cart_add uses too.
SELECT * FROM cart_lines($1, $2)
