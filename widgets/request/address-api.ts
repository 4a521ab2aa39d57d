import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { AddressView } from '../../server/schemas/address';
import type { AddressListAnswer } from '../../server/schemas/account';

export { ADDRESS_FIELDS, type AddressField } from '../../server/schemas/address';
import type { AddressField } from '../../server/schemas/address';

/**
 * An address of the book and the book with its form (camel-cased answers of GET address/list,
 * server/schemas/address.ts).
 */
export type Address = Camelized<AddressView>;
export type AddressBook = Camelized<AddressListAnswer>;

const api = (path: string) => `${site.value.api}${path}`;

export const addressApi = {
  list: () => request<AddressBook>(api('/address/list')),
  save: (values: Partial<Record<AddressField, string>> & { id?: string; isDefault?: boolean }) =>
    request<{ address: Address }>(api('/address/save'), { body: values, json: true }).then((r) => r.address),
  remove: (id: string) => request<object>(api('/address/delete'), { body: { id }, json: true }),
  makeDefault: (id: string) => request<object>(api('/address/default'), { body: { id }, json: true }),
};

/** One line of an address for lists and summaries. */
export function addressLine(a: Partial<Record<AddressField, string>>): string {
  return [a.street, a.houseNumber, a.building, a.landmark, a.city, a.state, a.postalCode].filter(Boolean).join(', ');
}
