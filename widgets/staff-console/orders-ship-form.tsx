import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { FulfilmentOrder } from './orders-api';

type Strings = Record<string, string> | undefined;

/** Units left to ship of a line. */
const left = (l: FulfilmentOrder['lines'][number]) => l.quantity - l.shipped;

/** What the form sends: the parcel's warehouse reference, carrier, tracking number and units per line. */
export interface ShipInput {
  reference: string;
  carrier: string;
  trackingNumber: string;
  lines: { lineNo: number; quantity: number; units?: { imei?: string; serial?: string }[] }[];
}

/**
 * The numbers typed for a serialised line, one unit per line of the text: 15 digits are an IMEI, anything else a
 * serial (the server checks both and names the fault).
 */
export function unitsOf(text: string): { imei?: string; serial?: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/[\s-]/g, ''))
    .filter(Boolean)
    .map((n) => (/^[0-9]{15}$/.test(n) ? { imei: n } : { serial: n }));
}

/** Ships chosen quantities of the lines left, with a carrier of the order's country and a tracking number. */
export function ShipForm({
  s,
  o,
  busy,
  onShip,
}: {
  s: Strings;
  o: FulfilmentOrder;
  busy: boolean;
  onShip: (body: ShipInput) => void;
}) {
  const quantities = useSignal<Record<number, number>>(Object.fromEntries(o.lines.map((l) => [l.lineNo, left(l)])));
  const numbers = useSignal<Record<number, string>>({});
  const carrier = useSignal(o.carriers[0]?.id ?? '');
  const tracking = useSignal('');
  const reference = useSignal('');
  const open = o.lines.filter((l) => left(l) > 0);
  if (open.length === 0 || !['paid', 'processing', 'partially_shipped'].includes(o.order.state)) return null;
  return (
    <form
      data-testid="staff-orders-ship"
      onSubmit={(e) => {
        e.preventDefault();
        const lines = open
          .map((l) => {
            const units = unitsOf(numbers.value[l.lineNo] ?? '');
            return { lineNo: l.lineNo, quantity: quantities.value[l.lineNo] ?? 0, ...(units.length ? { units } : {}) };
          })
          .filter((l) => l.quantity > 0);
        onShip({
          reference: reference.value.trim(),
          carrier: carrier.value,
          trackingNumber: tracking.value.trim(),
          lines,
        });
      }}
    >
      <fieldset>
        <legend>{t(s, 'console.orders.shipTitle')}</legend>
        {open.map((l) => (
          <p key={l.lineNo}>
            <label for={`staff-orders-qty-${l.lineNo}`}>{t(s, 'console.orders.unitsOf', { name: l.name })}</label>{' '}
            <input
              id={`staff-orders-qty-${l.lineNo}`}
              type="number"
              min={0}
              max={left(l)}
              step={1}
              value={quantities.value[l.lineNo] ?? 0}
              onInput={(e) =>
                (quantities.value = {
                  ...quantities.value,
                  [l.lineNo]: Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)),
                })
              }
            />
            {l.serialised ? (
              <>
                <br />
                <label for={`staff-orders-units-${l.lineNo}`}>{t(s, 'device.console.units')}</label>
                <br />
                <textarea
                  id={`staff-orders-units-${l.lineNo}`}
                  rows={Math.min(6, Math.max(2, quantities.value[l.lineNo] ?? 1))}
                  autoComplete="off"
                  spellcheck={false}
                  value={numbers.value[l.lineNo] ?? ''}
                  onInput={(e) => (numbers.value = { ...numbers.value, [l.lineNo]: e.currentTarget.value })}
                />
              </>
            ) : null}
          </p>
        ))}
        <p>
          <label for="staff-orders-carrier">{t(s, 'console.orders.carrier')}</label>{' '}
          <select
            id="staff-orders-carrier"
            required
            value={carrier.value}
            onChange={(e) => (carrier.value = e.currentTarget.value)}
          >
            {o.carriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label for="staff-orders-tracking">{t(s, 'console.orders.trackingNumber')}</label>{' '}
          <input
            id="staff-orders-tracking"
            required
            pattern="[A-Za-z0-9\-]{4,40}"
            autoComplete="off"
            value={tracking.value}
            onInput={(e) => (tracking.value = e.currentTarget.value)}
          />
        </p>
        <p>
          <label for="staff-orders-reference">{t(s, 'console.orders.reference')}</label>{' '}
          <input
            id="staff-orders-reference"
            required
            maxLength={100}
            autoComplete="off"
            aria-describedby="staff-orders-reference-hint"
            value={reference.value}
            onInput={(e) => (reference.value = e.currentTarget.value)}
          />
          <br />
          <small id="staff-orders-reference-hint">{t(s, 'console.orders.referenceHint')}</small>
        </p>
        <button type="submit" class="primary" disabled={busy} data-testid="staff-orders-ship-submit">
          {t(s, 'console.orders.ship')}
        </button>
      </fieldset>
    </form>
  );
}
