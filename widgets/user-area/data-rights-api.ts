import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { DataRightsAnswer, DeletionAnswer, DataExportItem } from '../../server/schemas/data-rights';

/** The data archive and account deletion calls (server/routes/account/data-rights.ts), camel-cased. */
export type DataRights = Camelized<DataRightsAnswer>;
export type DataExport = Camelized<DataExportItem>;
export type Deletion = Camelized<DeletionAnswer>;

const api = (path: string) => `${site.value.api}${path}`;
const quiet = { redirectOnNotLoggedIn: true } as const;

export const dataRightsApi = {
  state: () => request<DataRights>(api('/account/data'), quiet),
  askArchive: () => request<{ export: DataExport }>(api('/account/data/export'), { ...quiet, body: {}, json: true }),
  askDeletion: (password: string) =>
    request<Deletion>(api('/account/data/delete'), { ...quiet, body: { password }, json: true }),
  withdraw: () => request<Deletion>(api('/account/data/delete/cancel'), { ...quiet, body: {}, json: true }),
  /** Needs no session: the mail link's token is the proof. */
  confirm: (token: string) => request<Deletion>(api('/account/data/delete/confirm'), { body: { token }, json: true }),
};

/** The mail link's token on /user/data/?confirm=…, or null. */
export function confirmTokenFromLocation(loc: Pick<Location, 'search'> = location): string | null {
  const token = new URLSearchParams(loc.search).get('confirm');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}
