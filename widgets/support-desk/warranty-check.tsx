import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { useSubmit } from '../lib/use-submit';
import { dayLabel } from '../lib/device-texts';
import { devicesApi, warrantyKey, type WarrantyCheck as Answer } from '../request/devices-api';
import type { Strings } from '../lib/support-parts';

/**
 * The warranty check of /universal/warranty-check/: an IMEI or serial number in, the model and whether it is in
 * warranty (until when) out. The answer names no buyer; a number the store does not know says so in the same place.
 * A flood from one address is refused by the server (429), and the refusal's text shows like any other.
 */
export function WarrantyCheck({ s }: { s: Strings }) {
  const number = useSignal(new URLSearchParams(location.search).get('number') ?? '');
  const answer = useSignal<Answer | null>(null);
  const message = useSignal('');
  const lookup = useSubmit((n: string) => devicesApi.check(n), {
    strings: s,
    error: message,
    onSuccess: (r) => (answer.value = r),
  });
  const submit = (e: Event) => {
    e.preventDefault();
    answer.value = null;
    const typed = number.value.replace(/[\s-]/g, '');
    if (!/^[0-9]{15}$/.test(typed) && !/^[A-Za-z0-9]{8,20}$/.test(typed))
      return void (message.value = t(s, 'warrantyCheck.error.number'));
    void lookup.run(typed);
  };
  const a = answer.value;
  return (
    <section class="warranty-check" data-testid="warranty-check" aria-labelledby="warranty-check-title">
      <h2 id="warranty-check-title">{t(s, 'warrantyCheck.title')}</h2>
      <form role="search" noValidate onSubmit={submit}>
        <div class="field">
          <label for="warranty-check-number">{t(s, 'aftersales.deviceId')}</label>
          <input
            id="warranty-check-number"
            name="number"
            autoComplete="off"
            spellcheck={false}
            maxLength={40}
            value={number.value}
            aria-describedby="warranty-check-hint"
            onInput={(e) => (number.value = (e.target as HTMLInputElement).value)}
          />
          <small id="warranty-check-hint">{t(s, 'warrantyCheck.hint')}</small>
        </div>
        <button type="submit" class="button" disabled={lookup.busy.value}>
          {t(s, 'warrantyCheck.submit')}
        </button>
      </form>
      <p role="alert" class="form-message">
        {message.value}
      </p>
      {a ? (
        <div role="status" data-testid="warranty-check-result" data-status={a.status}>
          {a.status === 'unknown' ? (
            <p>{t(s, 'warrantyCheck.unknown', { number: a.number })}</p>
          ) : (
            <dl>
              <dt>{t(s, 'aftersales.deviceId')}</dt>
              <dd translate={false}>{a.number}</dd>
              <dt>{t(s, 'aftersales.model')}</dt>
              <dd>{a.model}</dd>
              <dt>{t(s, 'device.warranty')}</dt>
              <dd>
                <strong>{t(s, warrantyKey(a.status), { date: a.until ? dayLabel(a.until) : '' })}</strong>
              </dd>
            </dl>
          )}
        </div>
      ) : null}
    </section>
  );
}
