export type Params = Record<string, string | number | boolean | null | undefined>;

/** Query/form encoding; null and undefined values are left out. */
export function encodeParams(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) out.append(k, String(v));
  return out;
}

/** Appends params to a URL that may already have a query. */
export function withQuery(url: string, params: Params | undefined): string {
  const q = encodeParams(params).toString();
  if (!q) return url;
  return url + (url.includes('?') ? '&' : '?') + q;
}
