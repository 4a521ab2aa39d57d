import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type {
  AlertCancelAnswer,
  AlertCancelBody,
  AlertsAnswer,
  SaleKind,
  SaleReminderAnswer,
  SaleReminderItem,
  StaffAlertsAnswer,
  StockAlertAnswer,
  StockAlertItem,
} from '../../server/schemas/alerts';

/** Stock and sale alerts (server/routes/alerts/), camel-cased. */
export type Alerts = Camelized<AlertsAnswer>;
export type StockAlert = Camelized<StockAlertItem>;
export type SaleReminder = Camelized<SaleReminderItem>;
export type StaffAlerts = Camelized<StaffAlertsAnswer>;
export type { SaleKind };

/** The sale a reminder names: a coupon by its id, a pre-sale by its product. */
export interface SaleRef {
  kind: SaleKind;
  productId: string;
  saleId?: string;
}

const api = (path: string) => `${site.value.api}${path}`;

export const alertsApi = {
  /** The shopper's alerts and reminders (of one product when given). */
  list: (productId?: string) => request<Alerts>(api('/alerts'), productId ? { params: { product_id: productId } } : {}),
  stock: (commodityId: string) =>
    request<Camelized<StockAlertAnswer>>(api('/alerts/stock'), {
      body: { commodity_id: commodityId },
      json: true,
    }).then((r) => r.alert),
  sale: (sale: SaleRef) =>
    request<Camelized<SaleReminderAnswer>>(api('/alerts/sale'), {
      body: {
        sale_kind: sale.kind,
        product_id: sale.productId,
        ...(sale.saleId ? { sale_id: sale.saleId } : {}),
      },
      json: true,
    }).then((r) => r.reminder),
  cancel: (body: AlertCancelBody) => request<Camelized<AlertCancelAnswer>>(api('/alerts/cancel'), { body, json: true }),
  /** Staff: who waits for which version, and the sales with reminders. */
  staff: (local?: string) => request<StaffAlerts>(api('/staff/alerts'), local ? { params: { local } } : {}),
};

/**
 * The request a visitor made before signing in, kept in the page's URL (?alert=stock:<commodityId>,
 * ?alert=sale:<kind>:<saleId>) so the page that signs them back in carries it out.
 */
export const ALERT_PARAM = 'alert';

/** Puts `value` in the URL (or takes the parameter out with null) without a navigation. */
export function keepAlertIntent(value: string | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(ALERT_PARAM);
  else url.searchParams.set(ALERT_PARAM, value);
  history.replaceState(history.state, '', url);
}

/** The request kept in the URL, or null. */
export function alertIntent(): string | null {
  return new URLSearchParams(location.search).get(ALERT_PARAM);
}
