/**
 * The compared products in the URL: `?ids=a,b,c` (what the island writes) or `?ids=a&ids=b` (what the form without
 * JavaScript submits). Ids are product slugs; anything else is dropped.
 */
export function idsFromSearch(search: string, max: number): string[] {
  const params = new URLSearchParams(search);
  const ids = params.getAll('ids').flatMap((v) => v.split(','));
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^[a-z0-9-]{1,80}$/.test(id)))].slice(0, max);
}

/** The query string of a choice: `?ids=a,b` (empty when nothing is chosen). */
export function searchOfIds(ids: readonly string[]): string {
  return ids.length > 0 ? `?ids=${ids.join(',')}` : '';
}
