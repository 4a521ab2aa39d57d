/** A moment (ms since the epoch) as date and time in the page's language. */
export const when = (ms: number) => new Date(ms).toLocaleString(document.documentElement.lang || undefined);
