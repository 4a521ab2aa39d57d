/** A moment (ms since the epoch) as date and time in the page's language. */
export const when = (ms: number) => new Date(ms).toLocaleString(document.documentElement.lang || undefined);

/** A day (ms since the epoch) as a date in the page's language. */
export const dayOf = (ms: number) => new Date(ms).toLocaleDateString(document.documentElement.lang || undefined);
