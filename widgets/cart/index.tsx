import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { price, type PriceDisplay } from '../lib/price';
import { t } from '../lib/strings';
import { request, RequestError } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { isLoggedIn } from '../state/user';
import { loadAppState, notifyMessage, type ServerAppState } from '../state/app-state';
import { cartCall, type CartAction, type CartItem, type CartNotice, type UnifiedCart } from '../state/cart-api';

type Props = HostProps<'cart'>;

/** Issue 7: what the sign-in merge could not keep is told, not dropped silently, until the shopper dismisses it. */
function MergeNotices({ notices, strings: s, onDismiss }: { notices: CartNotice[]; strings: Props['strings']; onDismiss: () => void }) {
  if (notices.length === 0) return null;
  return (
    <section class="cart__notices" role="status" data-testid="cart-notices">
      <h2>{t(s, 'cart.notice.title', 'Some products from before you signed in did not fit in your cart')}</h2>
      <ul>
        {notices.map((n) =>
          n.kind === 'limit' ? (
            <li key={n.commodityId}>{t(s, 'cart.notice.limit', '{{name}}: {{kept}} of {{wanted}} kept, the limit is {{limit}} per order.', { name: n.productName, kept: n.kept, wanted: n.wanted, limit: n.limit })}</li>
          ) : (
            <li key={n.commodityId}>{t(s, 'cart.notice.full', '{{name}}: not added, your cart already holds {{max}} products.', { name: n.productName, max: n.limit })}</li>
          ),
        )}
      </ul>
      <button type="button" onClick={onDismiss}>
        {t(s, 'cart.notice.dismiss', 'Dismiss')}
      </button>
    </section>
  );
}

/** The business cart (§6, flow=company): a line's tier price against the shelf price, and what the tier saves. */
function TierPrice({ item, props }: { item: CartItem; props: Props }) {
  const s = props.strings;
  if (!item.tierBp || item.listPrice == null) return <span class="cart__tier" data-testid="cart-tier">{t(s, 'business.cart.noTier', 'No quantity discount yet')}</span>;
  return (
    <span class="cart__tier" data-testid="cart-tier">
      <s>{price(item.listPrice, props.priceDisplay)}</s>{' '}
      {t(s, 'business.cart.tierSaving', 'Business price, {{percent}} % off: you save {{amount}}', { percent: item.tierBp / 100, amount: price(item.tierSaving ?? 0, props.priceDisplay) })}
    </span>
  );
}

/**
 * On /business/cart without a GOOD company account the server answers the consumer cart (no tier fields): say
 * why, with the server's status wording (§3 app state) and the way to the account.
 */
function BusinessAccountNeeded({ props }: { props: Props }) {
  const s = props.strings;
  useEffect(() => {
    if (isLoggedIn.value) void loadAppState(() => request<ServerAppState>(`${props.api}/business/state`));
  }, []);
  return (
    <section class="cart__notices" role="status" data-testid="cart-business-notice">
      <p>{t(s, 'business.cart.accountNeeded', 'Business prices and business quantities are for approved business accounts.')}</p>
      {notifyMessage.value ? <p data-testid="cart-business-status">{notifyMessage.value}</p> : null}
      <a href={`/${props.urlLocal}/business/account/`}>{t(s, 'business.cart.account', 'My business account')}</a>
    </section>
  );
}

/** The cart page: lines with quantity, remove and select; totals; checkout link. */
function Cart({ props }: { props: Props }) {
  const s = props.strings;
  const cart = useSignal<UnifiedCart | null>(null);
  const state = useSignal<'loading' | 'success' | 'error'>('loading');
  const message = useSignal('');

  const run = async (action: CartAction) => {
    try {
      cart.value = await cartCall(action);
      state.value = 'success';
      message.value = '';
    } catch (e) {
      if (!cart.value) state.value = 'error';
      message.value = e instanceof RequestError && e.errmsg ? e.errmsg : t(s, 'common.tryAgain', 'An error occurred, please try again later.');
    }
  };
  useEffect(() => void run({ action: 'get' }), []);

  if (state.value === 'loading') return <p class="cart cart--loading">{t(s, 'common.loading', 'Loading…')}</p>;
  if (state.value === 'error' || !cart.value) return <p class="cart cart--error" role="alert">{message.value}</p>;
  const c = cart.value;
  const notices = <MergeNotices notices={c.notices ?? []} strings={s} onDismiss={() => void run({ action: 'dismiss' })} />;
  if (c.items.length === 0) {
    return (
      <div class="cart cart--empty" data-testid="cart">
        {notices}
        <p>{t(s, 'cart.empty', 'Your cart is empty.')}</p>
        <a href={`/${props.urlLocal}/`}>{t(s, 'cart.continue', 'Continue shopping')}</a>
      </div>
    );
  }
  const pay = c.checkout.payment;
  // The server prices the business cart only for a GOOD company account; tier fields are its sign.
  const businessPrices = props.business === true && pay.tierSaving !== undefined;
  return (
    <div class="cart" data-testid="cart">
      {notices}
      {props.business && !businessPrices ? <BusinessAccountNeeded props={props} /> : null}
      <ul class="cart__items">
        {c.items.map((item) => (
          <li key={item.itemId} class={`cart__item${item.isNotAvailable ? ' is-unavailable' : ''}`}>
            <input
              type="checkbox"
              aria-label={t(s, 'cart.select', 'Select {name}', { name: item.productName })}
              checked={item.checked && !item.isNotAvailable}
              disabled={item.isNotAvailable}
              onChange={(e) => void run({ action: 'check', commodityIds: [item.commodityId], checked: (e.target as HTMLInputElement).checked })}
            />
            <img src={item.productImage} alt="" width={80} height={80} loading="lazy" />
            <a href={item.link}>{item.productName}</a>
            <span class="cart__spec">{[item.firstSpecValue, item.secondSpecValue].filter(Boolean).join(' · ')}</span>
            <span class="cart__price">{price(item.salePrice, props.priceDisplay)}</span>
            {businessPrices ? <TierPrice item={item} props={props} /> : null}
            <label>
              <span class="visually-hidden">{t(s, 'product.quantity', 'Quantity')}</span>
              <input
                type="number"
                min={1}
                max={item.purchaseLimit}
                value={item.productNum}
                disabled={item.isNotAvailable && !item.isInvalid}
                onChange={(e) => {
                  const q = Math.max(1, Math.floor(Number((e.target as HTMLInputElement).value)) || 1);
                  void run({ action: 'update', commodityId: item.commodityId, quantity: q });
                }}
              />
            </label>
            {item.isOutOfStock ? <span class="cart__note">{t(s, 'product.outOfStock', 'Out of stock')}</span> : null}
            <button type="button" onClick={() => void run({ action: 'remove', commodityIds: [item.commodityId] })}>
              {t(s, 'cart.remove', 'Remove')}
            </button>
          </li>
        ))}
      </ul>
      <div class="cart__summary">
        <p>
          {t(s, 'cart.total', 'Total')}: <strong data-testid="cart-total">{price(pay.totalPrice, props.priceDisplay)}</strong>
        </p>
        {props.business && (pay.tierSaving ?? 0) > 0 ? (
          <p data-testid="cart-tier-saving">
            {t(s, 'business.cart.totalSaving', 'Quantity discount')}: −{price(pay.tierSaving ?? 0, props.priceDisplay)}
          </p>
        ) : null}
        {pay.discount > 0 && !props.business ? (
          <p>
            {t(s, 'cart.discount', 'Discount')}: {price(pay.discount, props.priceDisplay)}
          </p>
        ) : null}
        <a
          class={`cart__checkout${pay.canCheckout ? '' : ' is-disabled'}`}
          aria-disabled={!pay.canCheckout}
          href={pay.canCheckout ? (props.checkoutUrl ?? `/${props.urlLocal}/${props.business ? 'business/' : ''}checkout/`) : undefined}
        >
          {props.business ? t(s, 'business.cart.checkout', 'Business checkout') : t(s, 'cart.checkout', 'Check out')}
        </a>
        {businessPrices ? <p class="cart__note">{t(s, 'business.cart.tiers', 'Business prices: 5+ units of a product −3 %, 20+ units −6 % (accessories 50+ −10 %).')}</p> : null}
      </div>
      <p role="alert" class="cart__message">
        {message.value}
      </p>
    </div>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <Cart props={propsOf<'cart'>(props)} />);
}
