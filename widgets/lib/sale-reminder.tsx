import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from './strings';
import { storePath } from './store-path';
import { useSubmit } from './use-submit';
import { appReminder } from './app-reminder';
import { goToSignIn } from '../request';
import { alertIntent, alertsApi, keepAlertIntent, type SaleRef, type SaleReminder } from '../request/alerts-api';
import { isLoggedIn } from '../state/user';

type Strings = Record<string, string> | undefined;

const at = (ms: number) =>
  new Date(ms).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The key of a sale in the URL kept across signing in: a coupon by its id, a pre-sale by its product. */
const intentOf = (sale: SaleRef) => `sale:${sale.kind}:${sale.saleId ?? sale.productId}`;
const isOf = (sale: SaleRef) => (r: SaleReminder) =>
  r.saleKind === sale.kind && (sale.saleId ? r.saleId === sale.saleId : r.productId === sale.productId);

/**
 * "Remind me" beside a sale that has not started (a flash coupon, a pre-sale's deposit window): a message and a mail
 * shortly before the start, and in the app the app's own reminder when its bridge offers one. A visitor signs in
 * first and comes back to the page, where the request is carried out. Shown only while the sale is upcoming; the
 * server refuses one for a sale that started.
 */
export function SaleReminderButton({ sale, strings: s }: { sale: SaleRef; strings: Strings }) {
  const reminder = useSignal<SaleReminder | null>(null);
  const ask = useSubmit(() => alertsApi.sale(sale), {
    strings: s,
    onSuccess: (r) => {
      reminder.value = r;
      void appReminder(r);
    },
  });
  useEffect(() => {
    if (!isLoggedIn.value) return;
    if (alertIntent() === intentOf(sale)) {
      keepAlertIntent(null);
      void ask.run();
      return;
    }
    let gone = false;
    alertsApi.list(sale.productId).then(
      (mine) => {
        const found = mine.sales.find((r) => isOf(sale)(r) && (r.state === 'waiting' || r.state === 'sent'));
        if (!gone && found) reminder.value = found;
      },
      () => undefined,
    );
    return () => void (gone = true);
  }, [sale.kind, sale.saleId, sale.productId]);

  const request = () => {
    if (isLoggedIn.value) return void ask.run();
    keepAlertIntent(intentOf(sale));
    goToSignIn();
  };
  const r = reminder.value;
  if (r)
    return (
      <span class="sale-reminder" role="status" data-testid="sale-reminder" data-state={r.state}>
        {r.state === 'sent'
          ? t(s, 'alert.remind.sent', { time: at(r.startsAt) })
          : t(s, 'alert.remind.set', { time: at(r.remindAt) })}{' '}
        <a href={storePath('user/alerts/')}>{t(s, 'alert.title')}</a>
      </span>
    );
  return (
    <span class="sale-reminder" data-testid="sale-reminder">
      <button type="button" class="button button--secondary" disabled={ask.busy.value} onClick={request}>
        {t(s, 'alert.remind.ask')}
      </button>
      {ask.error.value ? <span role="alert"> {ask.error.value}</span> : null}
    </span>
  );
}
