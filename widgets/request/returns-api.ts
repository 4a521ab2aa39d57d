import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  ReturnableAnswer,
  ReturnDetailView,
  ReturnRequestBody,
  StaffReturnAnswer,
} from '../../server/schemas/returns';
import type { ServiceRequestView } from '../../server/schemas/after-sales';

/** Return calls (server/routes/after-sales/returns.ts), camel-cased by the request layer; types from the schemas. */
export { RETURN_REASONS, type ReturnReason } from '../../server/schemas/returns';
export type Returnable = Camelized<ReturnableAnswer>;
export type ReturnDetail = Camelized<ReturnDetailView>;
export type StaffReturnStep = 'schedulePickup' | 'recordPickup' | 'assess' | 'shipBack';

const api = (path: string) => `${site.value.api}${path}`;
const staff = (path: string, body: Record<string, string>) =>
  request<Camelized<StaffReturnAnswer>>(api(`/staff/returns/${path}`), { body, json: true });

export const returnsApi = {
  returnable: (orderId: string) => request<Returnable>(api('/aftersales/returnable'), { params: { orderId } }),
  request: (body: ReturnRequestBody) =>
    request<{ request: Camelized<ServiceRequestView> }>(api('/aftersales/return'), { body, json: true }).then(
      (r) => r.request,
    ),
  schedulePickup: (id: string, date: string) => staff('pickup', { id, date }),
  recordPickup: (id: string) => staff('picked-up', { id }),
  accept: (id: string) => staff('accept', { id }),
  refuse: (id: string, reason: string) => staff('refuse', { id, reason }),
  shipBack: (id: string, carrier: string, trackingNumber: string) =>
    staff('ship-back', { id, carrier, trackingNumber }),
};
