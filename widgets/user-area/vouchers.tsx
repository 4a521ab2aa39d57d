import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { request } from '../request';
import { site } from '../state/site';
import { cartCall } from '../state/cart-api';
import type { HostProps } from '../contract';
import { failure } from '../checkout/failure';
import { money } from '../checkout/money';
import { storePath } from '../checkout/paths';
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
const STATES: Record<CardState, [string, string]> = {
  active: ['voucher.state.active', 'Ready to use'],
  not_yet: ['voucher.state.notYet', 'Usable from {{from}}'],
  used_up: ['voucher.state.usedUp', 'Used up'],
  expired: ['voucher.state.expired', 'Expired'],
};
const grouped = (code: string) => code.replace(/(.{4})(?!$)/g, '$1 ');

/**
 * /user/voucher: the shopper's gift cards with balances and expiry, the cards they bought to give away (until someone
 * adds them), adding a card by its code, and buying one (a product in the cart, paid like any order).
 */
export function VoucherCentre({ props }: { props: Props }) {
  const s = props.strings;
  const data = useSignal<Vouchers | null>(null);
  const code = useSignal('');
  const message = useSignal('');
  const api = (path: string) => `${site.value.api}${path}`;
  useEffect(() => {
    request<Vouchers>(api('/giftcard/mine')).then(
      (r) => (data.value = r),
      (e: unknown) => (message.value = failure(e, s).message),
    );
  }, []);
  const add = async () => {
    try {
      data.value = await request<Vouchers>(api('/giftcard/add'), { body: { code: code.value }, json: true });
      message.value = t(s, 'voucher.added', 'Gift card added to your account.');
      code.value = '';
    } catch (err) {
      message.value = failure(err, s).message;
    }
  };
  const buy = async (commodityId: string) => {
    try {
      await cartCall({ action: 'add', commodityId, quantity: 1 });
      location.assign(storePath('cart/'));
    } catch (err) {
      message.value = failure(err, s).message;
    }
  };
  const d = data.value;
  const m = (minor: number) => money(minor, d?.exponent ?? 0, props.priceDisplay);
  const mine = d?.giftCards.filter((g) => g.mine) ?? [];
  const bought = d?.giftCards.filter((g) => g.bought && !g.mine) ?? [];
  const card = (g: GiftCard) => (
    <li key={g.code} data-gift-card={g.code} data-state={g.state}>
      <strong>{g.code.includes('•') ? g.code : grouped(g.code)}</strong> · {t(s, 'voucher.balance', 'Balance {{balance}} of {{initial}}', { balance: m(g.balance), initial: m(g.initialAmount) })} ·{' '}
      {t(s, STATES[g.state][0], STATES[g.state][1], { from: when(g.redeemableFrom) })} · {t(s, 'voucher.expires', 'Valid until {{date}}', { date: when(g.expiresAt) })}
    </li>
  );
  return (
    <section class="voucher-centre" data-testid="voucher-centre">
      <h2>{t(s, 'giftCard.title', 'Gift cards')}</h2>
      <CodeForm id="voucher-code" label={t(s, 'giftCard.code', 'Gift card code')} button={t(s, 'voucher.add', 'Add to my account')} maxLength={24} code={code} message={message.value} onSubmit={() => void add()} testId="voucher-message" />
      {d && mine.length === 0 ? <p>{t(s, 'voucher.none', 'No gift cards in your account yet.')}</p> : null}
      <ul data-testid="voucher-mine">{mine.map(card)}</ul>
      {bought.length > 0 ? (
        <>
          <h3>{t(s, 'voucher.bought', 'Gift cards you bought')}</h3>
          <p class="checkout__hint">{t(s, 'voucher.boughtHint', 'Give the code away; whoever adds it to their account can use it.')}</p>
          <ul data-testid="voucher-bought">{bought.map(card)}</ul>
        </>
      ) : null}
      {d ? (
        <>
          <h3>{t(s, 'voucher.buy', 'Buy a gift card')}</h3>
          <p class="checkout__hint">{t(s, 'voucher.buyHint', 'The code comes by mail after payment and can be used {{hours}} hours later, for up to {{max}} cards per order.', { hours: d.redeemableAfterHours, max: d.maxPerOrder })}</p>
          <p class="form-actions">
            {d.values.map((v) => (
              <button type="button" class="button button--secondary" key={v.commodityId} onClick={() => void buy(v.commodityId)} data-testid="voucher-buy">
                {m(v.amount)}
              </button>
            ))}
          </p>
        </>
      ) : null}
    </section>
  );
}
