import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  StaffDeliveredBody,
  StaffFulfilmentAnswer,
  StaffOrderSearchAnswer,
  StaffOrderSearchQuery,
  StaffShipBody,
} from '../../server/schemas/fulfilment';

export type FulfilmentOrder = Camelized<StaffFulfilmentAnswer>;
export type StaffOrderRow = Camelized<StaffOrderSearchAnswer>['orders'][number];

/** The Orders tab's calls (server/routes/fulfilment/staff-fulfilment.ts; each refuses non-staff). */
export function ordersApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  const post = (path: string, body: Record<string, unknown>) =>
    request<FulfilmentOrder>(url(path), { body, json: true });
  return {
    search: (query: StaffOrderSearchQuery) =>
      request<Camelized<StaffOrderSearchAnswer>>(url('/staff/fulfilment/orders'), {
        params: { q: query.q || undefined, state: query.state || undefined },
      }).then((r) => r.orders),
    open: (orderId: string) => request<FulfilmentOrder>(url('/staff/fulfilment/order'), { params: { orderId } }),
    startProcessing: (orderId: string) => post('/staff/fulfilment/processing', { orderId }),
    ship: (body: StaffShipBody) => post('/staff/fulfilment/ship', { ...body }),
    delivered: (body: StaffDeliveredBody) => post('/staff/fulfilment/delivered', { ...body }),
  };
}
