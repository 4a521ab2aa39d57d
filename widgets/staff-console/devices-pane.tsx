import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { aftersalesApi } from '../request/aftersales-api';
import { deviceLabel, devicesApi, type StaffDevice } from '../request/devices-api';
import { dayLabel, warrantyText } from '../lib/device-texts';

type Strings = Record<string, string> | undefined;

/** One registration or row of a number: the owner, the unit, the proof, and (while it waits) the decision. */
function DeviceRow({
  s,
  row,
  busy,
  onDecide,
}: {
  s: Strings;
  row: StaffDevice;
  busy: boolean;
  onDecide: (body: { id: string; decision: 'verify' | 'reject'; purchaseDate?: string; reason?: string }) => void;
}) {
  const d = row.device;
  const date = useSignal(d.purchaseDate ?? '');
  const reason = useSignal('');
  const waiting = d.verification === 'pending' && row.endedAt === null;
  return (
    <li data-testid="console-device" data-device={d.id} data-verification={d.verification}>
      <dl>
        <dt>{t(s, 'device.console.owner')}</dt>
        <dd>{row.email}</dd>
        <dt>{t(s, 'aftersales.device')}</dt>
        <dd>
          {deviceLabel(d)} {d.serial && d.imei ? `· ${d.serial}` : ''}
        </dd>
        <dt>{t(s, 'device.origin')}</dt>
        <dd>
          {d.orderId
            ? t(s, 'device.bought', { order: d.orderId })
            : t(s, 'device.registered', { date: d.purchaseDate ? dayLabel(d.purchaseDate) : '' })}{' '}
          · {when(d.createdAt)}
        </dd>
        <dt>{t(s, 'device.warranty')}</dt>
        <dd>{warrantyText(s, d)}</dd>
        {row.endedAt ? (
          <>
            <dt>{t(s, 'device.console.ended')}</dt>
            <dd>{when(row.endedAt)}</dd>
          </>
        ) : null}
        {row.uploads.length > 0 ? (
          <>
            <dt>{t(s, 'aftersales.proof')}</dt>
            <dd>
              {row.uploads.map((u) => (
                <a key={u.id} href={aftersalesApi.fileUrl(u.id)} download={u.fileName}>
                  {u.fileName}{' '}
                </a>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      {waiting ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onDecide({ id: d.id, decision: 'verify', ...(date.value ? { purchaseDate: date.value } : {}) });
          }}
        >
          <label for={`device-date-${d.id}`}>{t(s, 'aftersales.purchaseDate')}</label>{' '}
          <input
            id={`device-date-${d.id}`}
            type="date"
            value={date.value}
            onInput={(e) => (date.value = e.currentTarget.value)}
          />{' '}
          <button type="submit" class="button" disabled={busy} data-testid="device-verify">
            {t(s, 'device.console.verify')}
          </button>
          <br />
          <label for={`device-reason-${d.id}`}>{t(s, 'device.console.reason')}</label>{' '}
          <input
            id={`device-reason-${d.id}`}
            maxLength={500}
            value={reason.value}
            onInput={(e) => (reason.value = e.currentTarget.value)}
          />{' '}
          <button
            type="button"
            class="button button--secondary"
            disabled={busy}
            data-testid="device-reject"
            onClick={() => onDecide({ id: d.id, decision: 'reject', reason: reason.value.trim() })}
          >
            {t(s, 'device.console.reject')}
          </button>
        </form>
      ) : null}
    </li>
  );
}

/**
 * Devices: the registrations waiting for a check of their proof of purchase (oldest first), verified (from the
 * purchase date on the proof, which staff may correct) or refused with a reason the shopper reads; and every row of an
 * IMEI or serial, to see who held a unit when.
 */
export function DevicesPane({ strings: s }: { strings: Strings }) {
  const message = useSignal('');
  const done = useSignal('');
  const number = useSignal('');
  const searched = useSignal('');
  const rows = useResource(() => devicesApi.staffList(searched.value || undefined), { strings: s, error: message });
  const decision = useSubmit(
    (body: Parameters<typeof devicesApi.staffReview>[0]) => devicesApi.staffReview(body).then(() => body.decision),
    {
      strings: s,
      error: message,
      onSuccess: (d) => {
        done.value = t(s, d === 'verify' ? 'device.console.verified' : 'device.console.rejected');
        return rows.reload();
      },
      onFailure: () => rows.reload(),
    },
  );
  const list = rows.data.value;
  return (
    <div class="console-pane" data-testid="console-devices">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          searched.value = number.value.trim();
          done.value = '';
          void rows.reload();
        }}
      >
        <label for="console-device-number">{t(s, 'aftersales.deviceId')}</label>{' '}
        <input
          id="console-device-number"
          autoComplete="off"
          maxLength={40}
          value={number.value}
          onInput={(e) => (number.value = e.currentTarget.value)}
        />{' '}
        <button type="submit" class="button">
          {t(s, 'device.console.find')}
        </button>
      </form>
      <h2>{searched.value ? searched.value : t(s, 'device.console.pending')}</h2>
      {done.value ? <p role="status">{done.value}</p> : null}
      {message.value ? <p role="alert">{message.value}</p> : null}
      {!list ? <p>{t(s, 'common.loading')}</p> : null}
      {list && list.length === 0 ? <p>{t(s, 'device.console.none')}</p> : null}
      <ol>
        {(list ?? []).map((row) => (
          <DeviceRow
            key={row.device.id}
            s={s}
            row={row}
            busy={decision.busy.value}
            onDecide={(body) => void decision.run(body)}
          />
        ))}
      </ol>
    </div>
  );
}
