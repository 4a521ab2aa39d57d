import { useSignal } from '@preact/signals';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { t } from '../lib/strings';
import { signInUrl } from '../request';
import { isLoggedIn } from '../state/user';
import type { Appointment, Centre, SupportApi } from '../request/support-api';
import { SlotPicker } from './slot-picker';
import { Alert, serviceLabel, type Strings } from '../lib/support-parts';
import { CentreMapLink } from './centre-map-link';

/** The booking form of one centre: service, day, time, a note; "booked" or the reason it could not be. */
function Booking({ s, api, centre, urlLocal }: { s: Strings; api: SupportApi; centre: Centre; urlLocal: string }) {
  const service = useSignal(centre.services[0] ?? '');
  const start = useSignal<number | null>(null);
  const note = useSignal('');
  const booked = useSignal<Appointment | null>(null);
  const version = useSignal(0);
  const booking = useSubmit(
    (start: number) =>
      api.book({
        centreId: centre.id,
        service: service.value,
        start,
        ...(note.value.trim() ? { note: note.value.trim() } : {}),
      }),
    {
      strings: s,
      onSuccess: (a) => (booked.value = a),
      onFailure: () => version.value++, // show the places left now
    },
  );
  const error = booking.failure;
  const busy = booking.busy;

  async function submit(e: Event) {
    e.preventDefault();
    if (start.value === null) return;
    await booking.run(start.value);
  }

  if (booked.value) {
    const a = booked.value;
    return (
      <div class="notice" role="status" data-testid="booked" data-appointment={a.id}>
        <p>{t(s, 'supportDesk.centres.booked', { centre: a.centreName, date: a.localDate, time: a.localTime })}</p>
        <p>
          <a href={`/${urlLocal}/user/my-request/`}>{t(s, 'supportDesk.mine.appointments')}</a>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} data-testid="booking-form" aria-label={t(s, 'supportDesk.centres.book')}>
      <label>
        {t(s, 'supportDesk.centres.service')}
        <select name="service" value={service.value} onChange={(e) => (service.value = e.currentTarget.value)}>
          {centre.services.map((x) => (
            <option key={x} value={x}>
              {serviceLabel(s, x)}
            </option>
          ))}
        </select>
      </label>
      <SlotPicker
        key={version.value}
        s={s}
        api={api}
        centreId={centre.id}
        name={centre.id}
        onPick={(v) => (start.value = v)}
      />
      <label>
        {t(s, 'supportDesk.centres.note')}
        <textarea
          name="note"
          rows={2}
          maxLength={500}
          value={note.value}
          onInput={(e) => (note.value = e.currentTarget.value)}
        />
      </label>
      <Alert f={error.value} />
      <p>
        <button type="submit" disabled={busy.value || start.value === null}>
          {t(s, 'supportDesk.centres.confirm')}
        </button>
      </p>
    </form>
  );
}

/** One centre: address, phone, hours per weekday, services, a map link and its booking. */
function CentreCard({ s, api, centre, urlLocal }: { s: Strings; api: SupportApi; centre: Centre; urlLocal: string }) {
  const open = useSignal(false);
  return (
    <li class="support-desk__card" data-centre={centre.id}>
      <h3>{centre.name}</h3>
      <p>
        {centre.address}, {centre.postalCode ? `${centre.postalCode} ` : ''}
        {centre.city}
      </p>
      <p>
        {t(s, 'supportDesk.centres.phone')}: <a href={`tel:${centre.phone.replace(/[^0-9+]/g, '')}`}>{centre.phone}</a>
      </p>
      <details>
        <summary>{t(s, 'supportDesk.centres.hours')}</summary>
        <dl>
          {centre.hours.map((h) => [
            <dt key={`${h.day}-d`}>{t(s, `supportDesk.day.${h.day}`)}</dt>,
            <dd key={`${h.day}-h`}>
              {h.open && h.close ? `${h.open}–${h.close}` : t(s, 'supportDesk.centres.closed')}
            </dd>,
          ])}
        </dl>
      </details>
      <p>
        {t(s, 'supportDesk.centres.services')}: {centre.services.map((x) => serviceLabel(s, x)).join(', ')}
      </p>
      <CentreMapLink s={s} centre={centre} />
      {isLoggedIn.value ? (
        open.value ? (
          <Booking s={s} api={api} centre={centre} urlLocal={urlLocal} />
        ) : (
          <p>
            <button type="button" class="primary" onClick={() => (open.value = true)}>
              {t(s, 'supportDesk.centres.book')}
            </button>
          </p>
        )
      ) : (
        <p>
          <a class="button" href={signInUrl()}>
            {t(s, 'supportDesk.centres.signIn')}
          </a>
        </p>
      )}
    </li>
  );
}

/** The "find service center" page area: the country's centres with a city filter (kept in ?city=). */
export function ServiceCentres({ s, api, urlLocal }: { s: Strings; api: SupportApi; urlLocal: string }) {
  const city = useSignal(new URLSearchParams(location.search).get('city') ?? '');
  const centres = useResource(() => api.centres(city.value || undefined), { strings: s });
  const list = centres.data;
  const error = centres.failure;
  const load = centres.reload;

  function choose(value: string) {
    city.value = value;
    const url = new URL(location.href);
    if (value) url.searchParams.set('city', value);
    else url.searchParams.delete('city');
    history.replaceState(null, '', url);
    void load();
  }

  if (!list.value) return error.value ? <Alert f={error.value} /> : <p>{t(s, 'supportDesk.common.loading')}</p>;
  const rules = list.value.rules;
  return (
    <section class="support-desk" data-testid="service-centres">
      <label>
        {t(s, 'supportDesk.centres.city')}
        <select name="city" value={city.value} onChange={(e) => choose(e.currentTarget.value)}>
          <option value="">{t(s, 'supportDesk.centres.allCities')}</option>
          {list.value.cities.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {rules && <p class="hint">{t(s, 'supportDesk.centres.rules', { count: rules.changeCutoffHours })}</p>}
      {list.value.centres.length === 0 ? (
        <p>{t(s, 'supportDesk.centres.none')}</p>
      ) : (
        <ul class="support-desk__list">
          {list.value.centres.map((c) => (
            <CentreCard key={c.id} s={s} api={api} centre={c} urlLocal={urlLocal} />
          ))}
        </ul>
      )}
    </section>
  );
}
