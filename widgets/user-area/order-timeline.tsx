import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import type { Order } from '../request/orders-api';

type Strings = Record<string, string> | undefined;
type Shipment = NonNullable<Order['shipments']>[number];

/** The lines of a parcel, or the units still to come: product and quantity. */
function Contents({
  lines,
  s,
  label,
}: {
  lines: readonly { lineNo: number; name: string; quantity: number }[];
  s: Strings;
  label: string;
}) {
  return (
    <table class="order-timeline__lines">
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">{t(s, 'order.timeline.product')}</th>
          <th scope="col">{t(s, 'order.timeline.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.lineNo}>
            <td>{l.name}</td>
            <td>{l.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One parcel: carrier, tracking number with its link, when it left and arrived, and what it holds. */
function Parcel({ p, n, s }: { p: Shipment; n: number; s: Strings }) {
  const title = t(s, 'order.timeline.parcel', { n });
  return (
    <li class="order-timeline__parcel" data-testid="order-parcel" data-delivered={p.deliveredAt ? 'true' : 'false'}>
      <h4>{title}</h4>
      <dl>
        <dt>{t(s, 'order.timeline.carrier')}</dt>
        <dd translate={false}>{p.carrierName}</dd>
        <dt>{t(s, 'order.timeline.trackingNumber')}</dt>
        <dd>
          {p.trackingLink ? (
            <a href={p.trackingLink} target="_blank" rel="noopener noreferrer">
              {p.trackingNumber}
              <span class="visually-hidden"> ({t(s, 'order.timeline.track')})</span>
            </a>
          ) : (
            p.trackingNumber
          )}
        </dd>
        <dt>{t(s, 'order.timeline.shippedAt')}</dt>
        <dd>{when(p.shippedAt)}</dd>
        <dt>{t(s, 'order.timeline.deliveredAt')}</dt>
        <dd>{p.deliveredAt ? when(p.deliveredAt) : t(s, 'order.timeline.inTransit')}</dd>
      </dl>
      <Contents lines={p.lines} s={s} label={t(s, 'order.timeline.contents', { n })} />
    </li>
  );
}

/**
 * /user/order/{id} after placing: the order's steps with their times, its parcels (carrier, tracking link, which
 * lines each holds, shipped and delivered times) and the units still to come, so a partly shipped order says what
 * is on its way and what is not yet.
 * @example <OrderTimeline order={o} strings={s} />
 */
export function OrderTimeline({ order: o, strings: s }: { order: Order; strings: Strings }) {
  const steps = o.timeline ?? [];
  const parcels = o.shipments ?? [];
  const toCome = o.toCome ?? [];
  if (steps.length === 0 && parcels.length === 0) return null;
  return (
    <section class="order-timeline" aria-labelledby="order-timeline-title" data-testid="order-timeline">
      <h3 id="order-timeline-title">{t(s, 'order.timeline.title')}</h3>
      <ol class="order-timeline__steps">
        {steps.map((step) => (
          <li key={`${step.kind}-${step.at}-${step.shipmentId ?? ''}`} data-kind={step.kind}>
            <time dateTime={new Date(step.at).toISOString()}>{when(step.at)}</time>{' '}
            {t(s, `order.timeline.step.${camel(step.kind)}`)}
          </li>
        ))}
      </ol>
      {parcels.length > 0 ? (
        <>
          <h3>{t(s, 'order.timeline.parcels')}</h3>
          <ol class="order-timeline__parcels">
            {parcels.map((p, i) => (
              <Parcel key={p.id} p={p} n={i + 1} s={s} />
            ))}
          </ol>
          {toCome.length > 0 ? (
            <div data-testid="order-to-come">
              <Contents lines={toCome} s={s} label={t(s, 'order.timeline.toCome')} />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
