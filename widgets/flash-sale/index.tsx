import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { HostProps } from '../contract';
import { instant } from '../lib/campaign-window';
import { formatCountdown } from '../lib/countdown';
import { mountPreact } from '../lib/mount-preact';
import { storePath } from '../lib/store-path';
import { t } from '../lib/strings';
import { useSubmit } from '../lib/use-submit';
import { when } from '../lib/when';
import { flashSaleApi, type FlashSale, type FlashSalePlace } from '../request/flash-sale-api';
import { serverNow, syncServerTime } from '../request/server-time';
import { propsOf, type BaseProps } from '../runtime/types';
import { PLACE_POLL_MS, SALE_POLL_MS, saleView, settled, type SaleView } from './sale-state';

type Props = HostProps<'flash-sale'>;
type Strings = Record<string, string> | undefined;

/** The one line that says where the shopper stands; screen readers hear it change (the countdown's ticks excepted). */
function StateLine({ view, strings: s }: { view: SaleView; strings: Strings }) {
  switch (view.kind) {
    case 'upcoming':
      return (
        <span role="timer" aria-live="off" data-testid="countdown">
          {t(s, 'countdown.startsIn')}{' '}
          <span class="countdown__digits">{formatCountdown(view.secondsLeft, 'timeWithDays')}</span>
        </span>
      );
    case 'live':
      return <>{view.left === null ? t(s, 'flashSale.live') : t(s, 'flashSale.left', { units: view.left })}</>;
    case 'waiting':
      return (
        <>
          {view.position === null ? t(s, 'flashSale.inLine') : t(s, 'flashSale.waiting', { position: view.position })}
        </>
      );
    case 'won': {
      const time = view.payUntil === null ? '' : when(view.payUntil);
      return (
        <>
          {view.units > 1 ? t(s, 'flashSale.wonUnits', { units: view.units, time }) : t(s, 'flashSale.won', { time })}
        </>
      );
    }
    case 'address':
      return <>{t(s, 'flashSale.addressNeeded')}</>;
    case 'paid':
      return <>{t(s, 'flashSale.paid')}</>;
    case 'expired':
      return <>{t(s, 'flashSale.expired')}</>;
    case 'sold_out':
      return <>{t(s, 'flashSale.soldOut')}</>;
    case 'ended':
      return <>{t(s, 'flashSale.ended')}</>;
  }
}

/**
 * A flash sale's live part on its static page: a countdown on the server's clock, then "Buy now" (asking for a
 * place), "waiting, position N" (asking again every 2 s), "you won: pay before …" with the card payment of the
 * order, then sold out or ended. The page is built once; every state comes from the clock and the API.
 */
function FlashSaleBox({ props }: { props: Props }) {
  const s = props.strings;
  const api = props.seckillApi;
  const ready = useSignal(false);
  const now = useSignal(Date.now());
  const sale = useSignal<Pick<
    FlashSale,
    'phase' | 'left' | 'startsAt' | 'endsAt' | 'waitingRoom' | 'perAccountLimit'
  > | null>(null);
  const place = useSignal<FlashSalePlace | null>(null);
  const commodityId = useSignal(props.commodities[0]?.commodityId ?? '');
  const quantity = useSignal(1);
  // The sale's limit per account (read with the sale); the select shows only when it allows more than one.
  const limit = sale.value?.perAccountLimit ?? 1;
  // The window the page was built with until the server names the sale's own (an operator may have moved it).
  const facts = () => ({
    startsAt: sale.value?.startsAt ?? instant(props.startsAt),
    endsAt: sale.value?.endsAt ?? instant(props.endsAt),
    sale: sale.value,
    place: place.value,
  });
  const view = saleView(facts(), now.value);

  // The clock first (a device clock a day off would show the wrong state), then what the server knows.
  useEffect(() => {
    let stop = false;
    void syncServerTime().then(async () => {
      if (stop) return;
      const [a, b] = await Promise.allSettled([
        flashSaleApi.sale(props.saleId, api),
        flashSaleApi.place(props.saleId, api),
      ]);
      if (stop) return;
      if (a.status === 'fulfilled') sale.value = a.value;
      if (b.status === 'fulfilled') place.value = b.value;
      // Shown once the sale's own window is known, so a moved sale never flashes the built one's countdown.
      now.value = serverNow();
      ready.value = true;
    });
    return () => void (stop = true);
  }, []);

  // Tick each second on the server's clock; ask again while the state can change.
  useEffect(() => {
    const tick = setInterval(() => (now.value = serverNow()), 1000);
    return () => clearInterval(tick);
  }, []);
  const kind = view.kind;
  const orderReady = view.kind === 'won' && view.orderId !== null;
  useEffect(() => {
    if (!ready.value || settled(view) || kind === 'upcoming' || orderReady) return;
    // A winner whose order is being written, or who is adding an address, gets it on a next answer of the place.
    const waiting = kind === 'waiting' || kind === 'address' || kind === 'won';
    const timer = setInterval(
      () =>
        void (waiting
          ? flashSaleApi.place(props.saleId, api).then(
              (p) => (place.value = p),
              () => undefined,
            )
          : flashSaleApi.sale(props.saleId, api).then(
              (v) => (sale.value = v),
              () => undefined,
            )),
      waiting ? PLACE_POLL_MS : SALE_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [kind, orderReady, ready.value]);

  const enter = useSubmit(
    () =>
      flashSaleApi.enter(
        {
          saleId: props.saleId,
          commodityId: commodityId.value,
          ...(limit > 1 ? { quantity: Math.min(quantity.value, limit) } : {}),
        },
        api,
      ),
    {
      strings: s,
      onSuccess: (p) => void (place.value = p),
    },
  );

  return (
    <div class="flash-sale__box" data-testid="flash-sale" data-state={ready.value ? kind : 'loading'}>
      <p class="flash-sale__state" role="status" aria-live="polite" data-testid="flash-sale-state">
        {ready.value ? <StateLine view={view} strings={s} /> : '\u00a0'}
      </p>
      {props.commodities.length > 1 && (kind === 'upcoming' || kind === 'live') ? (
        <label class="flash-sale__version">
          {t(s, 'flashSale.version')}{' '}
          <select
            value={commodityId.value}
            onChange={(e) => (commodityId.value = (e.target as HTMLSelectElement).value)}
            data-testid="flash-sale-version"
          >
            {props.commodities.map((c) => (
              <option key={c.commodityId} value={c.commodityId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {limit > 1 && (kind === 'upcoming' || kind === 'live') ? (
        <label class="flash-sale__quantity">
          {t(s, 'flashSale.quantity')}{' '}
          <select
            value={String(Math.min(quantity.value, limit))}
            onChange={(e) => (quantity.value = Number((e.target as HTMLSelectElement).value))}
            data-testid="flash-sale-quantity"
          >
            {Array.from({ length: limit }, (_, i) => i + 1).map((units) => (
              <option key={units} value={String(units)}>
                {units}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div class="flash-sale__action">
        {view.kind === 'won' && view.orderId === null ? (
          // The order is being written: the button is in place and turns into the payment link when it is.
          <button type="button" class="button" disabled aria-busy="true" data-testid="flash-sale-pay">
            {t(s, 'flashSale.pay')}
          </button>
        ) : view.kind === 'won' && view.orderId !== null ? (
          <a
            class="button"
            href={storePath(`buy/card-payment/?orderId=${encodeURIComponent(view.orderId)}`)}
            data-testid="flash-sale-pay"
          >
            {t(s, 'flashSale.pay')}
          </a>
        ) : view.kind === 'address' ? (
          <a class="button" href={storePath('user/address/')} data-testid="flash-sale-address">
            {t(s, 'flashSale.addAddress')}
          </a>
        ) : view.kind === 'paid' && view.orderId ? (
          <a class="button button--secondary" href={storePath(`user/order/${encodeURIComponent(view.orderId)}/`)}>
            {t(s, 'flashSale.viewOrder')}
          </a>
        ) : (
          <button
            type="button"
            class="button"
            // Present but disabled before the start, so nothing moves when it turns live.
            disabled={!ready.value || view.kind !== 'live' || enter.busy.value}
            aria-disabled={!ready.value || view.kind !== 'live'}
            hidden={view.kind !== 'upcoming' && view.kind !== 'live'}
            onClick={() => void enter.run()}
            data-testid="flash-sale-buy"
            data-track="flash-sale-buy"
          >
            {t(s, 'flashSale.buyNow')}
          </button>
        )}
      </div>
      <p class="flash-sale__error" role="alert" data-testid="flash-sale-error">
        {enter.error.value}
      </p>
    </div>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <FlashSaleBox props={propsOf<'flash-sale'>(props)} />);
}
