/** Places one client address may take in one sale (a household or office behind one address; bots beyond). */
export const FLASH_PLACES_PER_ADDRESS = 20;
