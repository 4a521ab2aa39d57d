import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import { money } from '../lib/money';
import { useSubmit } from '../lib/use-submit';
import { currencyExponent } from '../../region-config/money';
import { returnsApi, type ReturnDetail, type StaffReturnStep } from '../request/returns-api';

type Strings = Record<string, string> | undefined;

/**
 * A return in the service-requests pane: its lines and reason, then the steps its state allows: schedule the pick-up
 * (today … the pick-up promise), record it, accept (refund and stock back) or refuse with a reason, and ship a
 * refused return back with carrier and tracking.
 */
export function ReturnActions({
  id,
  detail: d,
  steps,
  strings: s,
  onDone,
}: {
  id: string;
  detail: ReturnDetail;
  steps: readonly StaffReturnStep[];
  strings: Strings;
  onDone: () => Promise<unknown>;
}) {
  const day = useSignal(d.pickupOn ?? new Date().toISOString().slice(0, 10));
  const refusal = useSignal('');
  const carrier = useSignal('');
  const tracking = useSignal('');
  const message = useSignal('');
  const act = useSubmit((fn: () => Promise<unknown>) => fn(), {
    strings: s,
    error: message,
    onSuccess: async () => {
      message.value = '';
      await onDone();
    },
  });
  const run = (fn: () => Promise<unknown>) => void act.run(fn);
  const input = (value: { value: string }) => (e: Event) => (value.value = (e.target as HTMLInputElement).value);
  return (
    <div data-testid="console-return">
      <p>
        {t(s, `returns.reason.${camel(d.reason)}`)} ·{' '}
        {d.lines.map((l) => `${l.name} ${l.spec} × ${l.quantity}`).join(', ')}
      </p>
      <p>
        {d.pickupOn
          ? t(s, 'returns.pickupOn', { date: d.pickupOn })
          : t(s, 'returns.pickupBy', { date: d.pickupBy ?? '—' })}
        {d.refundAmount !== null
          ? ` · ${t(s, 'returns.refund')} ${money(d.refundAmount, currencyExponent(d.currency))}`
          : ''}
        {d.shipBackBy && !d.shippedBackAt ? ` · ${t(s, 'returns.shipBackBy', { date: when(d.shipBackBy) })}` : ''}
      </p>
      {steps.includes('schedulePickup') ? (
        <div class="form-actions">
          <label for="console-return-day">{t(s, 'returns.console.pickupDay')}</label>
          <input
            id="console-return-day"
            type="date"
            min={new Date().toISOString().slice(0, 10)}
            max={d.pickupBy ?? undefined}
            value={day.value}
            onInput={input(day)}
          />
          <button type="button" class="button" onClick={() => run(() => returnsApi.schedulePickup(id, day.value))}>
            {t(s, 'returns.console.schedule')}
          </button>
        </div>
      ) : null}
      {steps.includes('recordPickup') ? (
        <p class="form-actions">
          <button type="button" class="button" onClick={() => run(() => returnsApi.recordPickup(id))}>
            {t(s, 'returns.console.pickedUp')}
          </button>
        </p>
      ) : null}
      {steps.includes('assess') ? (
        <div class="form-actions">
          <button
            type="button"
            class="button button--primary"
            data-testid="console-return-accept"
            onClick={() => run(() => returnsApi.accept(id))}
          >
            {t(s, 'returns.console.accept')}
          </button>
          <label for="console-return-refusal">{t(s, 'returns.console.refusalReason')}</label>
          <input id="console-return-refusal" maxLength={500} value={refusal.value} onInput={input(refusal)} />
          <button
            type="button"
            class="button"
            disabled={!refusal.value.trim()}
            onClick={() => run(() => returnsApi.refuse(id, refusal.value.trim()))}
          >
            {t(s, 'returns.console.refuse')}
          </button>
        </div>
      ) : null}
      {steps.includes('shipBack') ? (
        <div class="form-actions">
          <label for="console-return-carrier">{t(s, 'returns.console.carrier')}</label>
          <input id="console-return-carrier" maxLength={40} value={carrier.value} onInput={input(carrier)} />
          <label for="console-return-tracking">{t(s, 'returns.console.tracking')}</label>
          <input id="console-return-tracking" maxLength={40} value={tracking.value} onInput={input(tracking)} />
          <button
            type="button"
            class="button"
            onClick={() => run(() => returnsApi.shipBack(id, carrier.value.trim(), tracking.value.trim()))}
          >
            {t(s, 'returns.console.shipBack')}
          </button>
        </div>
      ) : null}
      <p role="alert">{message.value}</p>
    </div>
  );
}
