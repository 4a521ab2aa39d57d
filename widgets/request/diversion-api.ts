import { request } from './';
import type { Camelized } from './camelized';
import type { DiversionView } from '../../server/schemas/site';

/** The app banner's data (the API's diversion), camelCased by the request layer. */
export type Diversion = Camelized<DiversionView>;

/** GET diversion (server/routes/site/misc.ts); `api` is the storefront's API base. */
export function diversionApi(api: string) {
  return {
    /** The banner of a channel (a campaign's own), else the storefront's default; 3 retries 3 s apart. */
    banner: (channelTag: string | null) =>
      request<Diversion>(`${api}/diversion`, {
        params: { channel_tag: channelTag },
        retries: 3,
        retryDelayMs: 3_000,
      }),
  };
}
