import { request } from './';
import { site } from '../state/site';

export const ADDRESS_FIELDS = ['recipient', 'phone', 'street', 'houseNumber', 'building', 'city', 'state', 'postalCode', 'landmark'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address of the book (camel-cased answer of GET address/list). */
export interface Address {
  id: string;
  recipient: string;
  phone: string;
  street: string;
  houseNumber: string;
  building: string;
  city: string;
  state: string;
  postalCode: string;
  landmark: string;
  isDefault: boolean;
}

export interface AddressBook {
  addresses: Address[];
  max: number;
  form: { fields: AddressField[]; required: AddressField[]; states: string[] | null };
}

const api = (path: string) => `${site.value.api}${path}`;

export const addressApi = {
  list: () => request<AddressBook>(api('/address/list')),
  save: (values: Partial<Record<AddressField, string>> & { id?: string; isDefault?: boolean }) => request<{ address: Address }>(api('/address/save'), { body: values, json: true }).then((r) => r.address),
  remove: (id: string) => request<object>(api('/address/delete'), { body: { id }, json: true }),
  makeDefault: (id: string) => request<object>(api('/address/default'), { body: { id }, json: true }),
};

/** One line of an address for lists and summaries. */
export function addressLine(a: Partial<Record<AddressField, string>>): string {
  return [a.street, a.houseNumber, a.building, a.landmark, a.city, a.state, a.postalCode].filter(Boolean).join(', ');
}
