import { request } from '../request';

/** A search suggestion after camelCasing. */
export interface Suggestion {
  name: string;
  image: string;
  price: number;
  inAct: boolean;
  link: string;
  itemId: string;
}

/** GET {api}/v2/search/suggestList; a failure is an empty list (loaders fall back to empty data). */
export async function fetchSuggestions(api: string, keyword: string, limit: number): Promise<Suggestion[]> {
  try {
    const data = await request<{ list: Suggestion[] }>(`${api}/v2/search/suggestList`, {
      params: { keyword, limit },
      cache: 60_000,
    });
    return data.list;
  } catch {
    return [];
  }
}
