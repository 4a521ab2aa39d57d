import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointsAnswer,
} from '../../server/schemas/webhooks';

export { WEBHOOK_DELIVERY_STATES, type WebhookDeliveryState } from '../../server/schemas/webhooks';
export { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../../server/schemas/order-events';
export type WebhookEndpoint = Camelized<WebhookEndpointsAnswer>['endpoints'][number];
export type WebhookDelivery = Camelized<WebhookDeliveriesAnswer>['deliveries'][number];
/** An endpoint made or rotated: with the secret, shown this once. */
export type WebhookEndpointMade = Camelized<WebhookEndpointAnswer>;

/** The staff calls of server/routes/webhooks/webhooks.ts (each refuses non-staff: 40302, or 20001 signed out). */
export function webhooksApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    list: () => request<Camelized<WebhookEndpointsAnswer>>(url('/staff/webhooks')).then((r) => r.endpoints),
    create: (e: { url: string; kinds: string[]; countries: string[]; description: string }) =>
      post<WebhookEndpointMade>('/staff/webhooks/create', e),
    setActive: (id: string, active: boolean) =>
      post<Camelized<WebhookEndpointAnswer>>('/staff/webhooks/update', { id, active }).then((r) => r.endpoint),
    rotate: (id: string) => post<WebhookEndpointMade>('/staff/webhooks/rotate', { id }),
    deliveries: (endpointId: string) =>
      request<Camelized<WebhookDeliveriesAnswer>>(url('/staff/webhooks/deliveries'), {
        params: { endpoint_id: endpointId },
      }).then((r) => r.deliveries),
    resend: (id: string) =>
      post<Camelized<WebhookDeliveryAnswer>>('/staff/webhooks/resend', { id }).then((r) => r.delivery),
  };
}
export type WebhooksApi = ReturnType<typeof webhooksApi>;
