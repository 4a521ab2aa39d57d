/** Places one client address may take in one sale (a household or office behind one address; bots beyond). */
export const FLASH_PLACES_PER_ADDRESS = 20;

/**
 * The settle delay: an ask for a place is answered once this long has passed since it reached the server, and asks
 * are admitted in the order they reached the servers (not the order they reach the database), across processes.
 * It must outlast the way of the start second's asks to the database: with every ask written one by one, 400 ms gave
 * two processes 93 % of the winners among the first 30 of 300 arrivals; with asks and session reads batched (each
 * batch one statement), 250 ms gives 100 % of 500 among 5,000 (npm run bench:flash, two processes on one Postgres).
 */
export const FLASH_SETTLE_MS = 250;

/**
 * An ask reaching the database later than this after it reached the server ranks as if it arrived then (so nothing
 * settled can be overtaken); below the settle delay by a margin for the ask's own commit.
 */
export const FLASH_LATE_MS = 200;

/**
 * Won places' orders written at once by one process (each a transaction of about twenty statements): the rest of the
 * store keeps the other connections of the pool while a sale's winners are served.
 */
export const FLASH_ORDER_WRITERS = 4;

/**
 * How long an ask that won waits for its order before it is answered `won` without one (the order follows; the
 * place answers it): a definitive answer within the sale's first second even when hundreds of winners' orders queue.
 */
export const FLASH_ORDER_WAIT_MS = 250;
