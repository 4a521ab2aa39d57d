import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { request } from '../request';
import { site } from '../state/site';
import { cartCall } from '../state/cart-api';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { CodeForm } from './code-form';

type Props = HostProps<'user-area'>;
type CardState = 'active' | 'not_yet' | 'used_up' | 'expired';
interface GiftCard {
  code: string;
  currency: string;
  initialAmount: number;
  balance: number;
  redeemableFrom: number;
  expiresAt: number;
  state: CardState;
  mine: boolean;
  bought: boolean;
}
interface Vouchers {
  giftCards: GiftCard[];
  values: { amount: number; commodityId: string }[];
  exponent: number;
  maxPerOrder: number;
  redeemableAfterHours: number;
}
const STATES = {
  active: 'voucher.state.active',
  not_yet: 'voucher.state.notYet',
  used_up: 'voucher.state.usedUp',
  expired: 'voucher.state.expired',
} as const satisfies Record<CardState, string>;
const grouped = (code: string) => code.replace(/(.{4})(?!$)/g, '$1 ');

/**
 * /user/voucher: the shopper's gift cards with balances and expiry, the cards they bought to give away (until someone
 * adds them), adding a card by its code, and buying one (a product in the cart, paid like any order).
 */
export function VoucherCentre({ props }: { props: Props }) {
  const s = props.strings;
  const code = useSignal('');
  const message = useSignal('');
  const api = (path: string) => `${site.value.api}${path}`;
  const vouchers = useResource(() => request<Vouchers>(api('/giftcard/mine')), { strings: s, error: message });
  const data = vouchers.data;
  const add = useSubmit(() => request<Vouchers>(api('/giftcard/add'), { body: { code: code.value }, json: true }), {
    strings: s,
    error: message,
    onSuccess: (r) => {
      data.value = r;
      message.value = t(s, 'voucher.added');
      code.value = '';
    },
  });
  const buy = useSubmit((commodityId: string) => cartCall({ action: 'add', commodityId, quantity: 1 }), {
    strings: s,
    error: message,
    onSuccess: () => location.assign(storePath('cart/')),
  });
  const d = data.value;
  const m = (minor: number) => money(minor, d?.exponent ?? 0, props.priceDisplay);
  const mine = d?.giftCards.filter((g) => g.mine) ?? [];
  const bought = d?.giftCards.filter((g) => g.bought && !g.mine) ?? [];
  const card = (g: GiftCard) => (
    <li key={g.code} data-gift-card={g.code} data-state={g.state}>
      <strong>{g.code.includes('•') ? g.code : grouped(g.code)}</strong> ·{' '}
      {t(s, 'voucher.balance', { balance: m(g.balance), initial: m(g.initialAmount) })} ·{' '}
      {t(s, STATES[g.state], { from: when(g.redeemableFrom) })} · {t(s, 'voucher.expires', { date: when(g.expiresAt) })}
    </li>
  );
  return (
    <section class="voucher-centre" data-testid="voucher-centre">
      <h2>{t(s, 'giftCard.title')}</h2>
      <CodeForm
        id="voucher-code"
        label={t(s, 'giftCard.code')}
        button={t(s, 'voucher.add')}
        maxLength={24}
        code={code}
        message={message.value}
        onSubmit={() => void add.run()}
        testId="voucher-message"
      />
      {d && mine.length === 0 ? <p>{t(s, 'voucher.none')}</p> : null}
      <ul data-testid="voucher-mine">{mine.map(card)}</ul>
      {bought.length > 0 ? (
        <>
          <h3>{t(s, 'voucher.bought')}</h3>
          <p class="checkout__hint">{t(s, 'voucher.boughtHint')}</p>
          <ul data-testid="voucher-bought">{bought.map(card)}</ul>
        </>
      ) : null}
      {d ? (
        <>
          <h3>{t(s, 'voucher.buy')}</h3>
          <p class="checkout__hint">
            {t(s, 'voucher.buyHint', { count: d.redeemableAfterHours })}{' '}
            {t(s, 'voucher.buyLimit', { count: d.maxPerOrder })}
          </p>
          <p class="form-actions">
            {d.values.map((v) => (
              <button
                type="button"
                class="button button--secondary"
                key={v.commodityId}
                onClick={() => void buy.run(v.commodityId)}
                data-testid="voucher-buy"
              >
                {m(v.amount)}
              </button>
            ))}
          </p>
        </>
      ) : null}
    </section>
  );
}
