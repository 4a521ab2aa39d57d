import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { Slot, SupportApi } from '../request/support-api';
import { failureMessage } from '../lib/failure';
import type { Strings } from '../lib/support-parts';

/** Day and time of a centre's free slots; the times are the centre's local ones (the API says which are bookable). */
export function SlotPicker({
  s,
  api,
  centreId,
  name,
  onPick,
}: {
  s: Strings;
  api: SupportApi;
  centreId: string;
  name: string;
  onPick: (start: number | null, label: string) => void;
}) {
  const dates = useSignal<string[]>([]);
  const date = useSignal('');
  const slots = useSignal<Slot[] | null>(null);
  const picked = useSignal<number | null>(null);
  const error = useSignal<string | null>(null);

  async function load(day?: string) {
    slots.value = null;
    picked.value = null;
    onPick(null, '');
    try {
      const r = await api.slots(centreId, day);
      dates.value = r.dates;
      date.value = r.date;
      slots.value = r.slots;
    } catch (e) {
      error.value = failureMessage(e, s);
    }
  }
  useEffect(() => void load(), [centreId]);

  return (
    <div class="support-desk__picker">
      <label>
        {t(s, 'supportDesk.centres.date')}
        <select name={`${name}-date`} value={date.value} onChange={(e) => void load(e.currentTarget.value)}>
          {dates.value.map((d) => (
            <option key={d} value={d}>
              {new Date(`${d}T12:00:00Z`).toLocaleDateString(document.documentElement.lang || undefined, {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
                timeZone: 'UTC',
              })}
            </option>
          ))}
        </select>
      </label>
      {error.value && <p role="alert">{error.value}</p>}
      {slots.value === null ? null : slots.value.some((x) => x.bookable) ? (
        <fieldset class="support-desk__slots" data-testid="slots">
          <legend>{t(s, 'supportDesk.centres.time')}</legend>
          {slots.value.map((x) => (
            <label key={x.start} data-left={x.left}>
              <input
                type="radio"
                name={`${name}-slot`}
                value={String(x.start)}
                disabled={!x.bookable}
                checked={picked.value === x.start}
                onChange={() => {
                  picked.value = x.start;
                  onPick(x.start, `${date.value} ${x.time}`);
                }}
              />
              {x.time}{' '}
              <span class="hint">
                {x.left > 0 ? t(s, 'supportDesk.centres.left', { count: x.left }) : t(s, 'supportDesk.centres.full')}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p>{t(s, 'supportDesk.centres.noSlots')}</p>
      )}
      <p class="hint">{t(s, 'supportDesk.centres.localTime')}</p>
    </div>
  );
}
