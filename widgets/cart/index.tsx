import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { price } from '../lib/price';
import { t } from '../lib/strings';
import { request, RequestError } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { isLoggedIn } from '../state/user';
import { loadAppState, notifyMessage, type ServerAppState } from '../state/app-state';
import {
  cartCall,
  cartInsure,
  type CartAction,
  type CartItem,
  type CartNotice,
  type UnifiedCart,
} from '../state/cart-api';
import { InsuranceItem, InsuranceOffer } from './insurance-offer';
import { fixedImage } from '../../sites/image-renditions';
import { LowestPriceLine } from '../lib/lowest-price-line';
import { lowestPricesFor } from '../lib/lowest-prices';
import { useResource } from '../lib/use-resource';
import { track } from '../lib/analytics';

type Props = HostProps<'cart'>;

/** What the sign-in merge could not keep is told, not dropped silently, until the shopper dismisses it. */
function MergeNotices({
  notices,
  strings: s,
  onDismiss,
}: {
  notices: CartNotice[];
  strings: Props['strings'];
  onDismiss: () => void;
}) {
  if (notices.length === 0) return null;
  return (
    <section class="cart__notices" role="status" data-testid="cart-notices">
      <h2>{t(s, 'cart.notice.title')}</h2>
      <ul>
        {notices.map((n) =>
          n.kind === 'limit' ? (
            <li key={n.commodityId}>
              {t(s, 'cart.notice.limit', { name: n.productName, kept: n.kept, wanted: n.wanted, limit: n.limit })}
            </li>
          ) : (
            <li key={n.commodityId}>{t(s, 'cart.notice.full', { name: n.productName, count: n.limit })}</li>
          ),
        )}
      </ul>
      <button type="button" onClick={onDismiss}>
        {t(s, 'cart.notice.dismiss')}
      </button>
    </section>
  );
}

/** The business cart (flow=company): a line's tier price against the shelf price, and what the tier saves. */
function TierPrice({ item, props }: { item: CartItem; props: Props }) {
  const s = props.strings;
  if (!item.tierBp || item.listPrice == null)
    return (
      <span class="cart__tier" data-testid="cart-tier">
        {t(s, 'business.cart.noTier')}
      </span>
    );
  return (
    <span class="cart__tier" data-testid="cart-tier">
      <s>{price(item.listPrice, props.priceDisplay)}</s>{' '}
      {t(s, 'business.cart.tierSaving', {
        percent: item.tierBp / 100,
        amount: price(item.tierSaving ?? 0, props.priceDisplay),
      })}
    </span>
  );
}

/**
 * On /business/cart without a GOOD company account the server answers the consumer cart (no tier fields): say
 * why, with the server's status wording (the app state's notify message) and the way to the account.
 */
function BusinessAccountNeeded({ props }: { props: Props }) {
  const s = props.strings;
  useEffect(() => {
    if (isLoggedIn.value) void loadAppState(() => request<ServerAppState>(`${props.api}/business/state`));
  }, []);
  return (
    <section class="cart__notices" role="status" data-testid="cart-business-notice">
      <p>{t(s, 'business.cart.accountNeeded')}</p>
      {notifyMessage.value ? <p data-testid="cart-business-status">{notifyMessage.value}</p> : null}
      <a href={`/${props.urlLocal}/business/account/`}>{t(s, 'business.cart.account')}</a>
    </section>
  );
}

/** The cart page: lines with quantity, remove and select; totals; checkout link. */
function Cart({ props }: { props: Props }) {
  const s = props.strings;
  const cart = useSignal<UnifiedCart | null>(null);
  const state = useSignal<'loading' | 'success' | 'error'>('loading');
  const message = useSignal('');

  const run = async (action: CartAction | { action: 'insure'; commodityId: string; insured: boolean }) => {
    try {
      cart.value =
        action.action === 'insure' ? await cartInsure(action.commodityId, action.insured) : await cartCall(action);
      state.value = 'success';
      message.value = '';
      // The cart read when the page opens: the first step towards an order, when there is something to buy.
      if (action.action === 'get' && cart.value.items.length > 0) track({ kind: 'checkout_step', step: 'cart' });
    } catch (e) {
      if (!cart.value) state.value = 'error';
      message.value = e instanceof RequestError && e.errmsg ? e.errmsg : t(s, 'error.tryAgainLater');
    }
  };
  useEffect(() => void run({ action: 'get' }), []);
  // A reduced line shows its lowest price of the last 30 days (EU and EEA consumers): asked again when the lines
  // change. The business cart's prices are tier prices, which the rule does not cover.
  const lineIds = props.business ? [] : (cart.value?.items ?? []).map((item) => item.commodityId);
  const lowest = useResource(() => lowestPricesFor(props.api, props.local, lineIds), { strings: s }, [
    lineIds.join(','),
  ]);

  if (state.value === 'loading') return <p class="cart cart--loading">{t(s, 'common.loading')}</p>;
  if (state.value === 'error' || !cart.value)
    return (
      <p class="cart cart--error" role="alert">
        {message.value}
      </p>
    );
  const c = cart.value;
  const notices = (
    <MergeNotices notices={c.notices ?? []} strings={s} onDismiss={() => void run({ action: 'dismiss' })} />
  );
  if (c.items.length === 0) {
    return (
      <div class="cart cart--empty" data-testid="cart">
        {notices}
        <p>{t(s, 'cart.empty')}</p>
        <a href={`/${props.urlLocal}/`}>{t(s, 'cart.continueShopping')}</a>
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
      {c.items.some((item) => item.previousPrice != null && item.salePrice != null) ? (
        <p class="cart__notice" role="status" data-testid="cart-prices-changed">
          {t(s, 'cart.priceChanged.title')}
        </p>
      ) : null}
      <ul class="cart__items">
        {c.items.map((item) =>
          item.getType === 'insurance' ? (
            <InsuranceItem
              key={item.itemId}
              item={item}
              device={c.items.find((d) => d.itemId === item.parentItemId)}
              strings={s}
              display={props.priceDisplay}
              onRemove={() => void run({ action: 'insure', commodityId: item.commodityId, insured: false })}
            />
          ) : (
            <li key={item.itemId} class={`cart__item${item.isNotAvailable ? ' is-unavailable' : ''}`}>
              <input
                type="checkbox"
                aria-label={t(s, 'cart.selectItem', { name: item.productName })}
                checked={item.checked && !item.isNotAvailable}
                disabled={item.isNotAvailable}
                onChange={(e) =>
                  void run({
                    action: 'check',
                    commodityIds: [item.commodityId],
                    checked: (e.target as HTMLInputElement).checked,
                  })
                }
              />
              <img {...fixedImage(item.productImage, 80)} alt="" width={80} height={80} loading="lazy" />
              <a href={item.link}>{item.productName}</a>
              <span class="cart__spec">{[item.firstSpecValue, item.secondSpecValue].filter(Boolean).join(' · ')}</span>
              <span class="cart__price">{price(item.salePrice, props.priceDisplay)}</span>
              {item.previousPrice != null && item.salePrice != null ? (
                <span class="cart__note cart__price-changed" data-testid="cart-price-changed">
                  {t(s, 'cart.priceChanged.line', {
                    old: price(item.previousPrice, props.priceDisplay),
                    new: price(item.salePrice, props.priceDisplay),
                  })}
                </span>
              ) : null}
              {item.isNotAvailable ? null : (
                <LowestPriceLine
                  offer={lowest.data.value?.get(item.commodityId)}
                  strings={s}
                  display={props.priceDisplay}
                  tag="span"
                  className="cart__note"
                />
              )}
              {businessPrices ? <TierPrice item={item} props={props} /> : null}
              <label>
                <span class="visually-hidden">{t(s, 'product.quantity')}</span>
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
              {item.isOutOfStock ? <span class="cart__note">{t(s, 'product.outOfStock')}</span> : null}
              <button type="button" onClick={() => void run({ action: 'remove', commodityIds: [item.commodityId] })}>
                {t(s, 'cart.remove')}
              </button>
              <InsuranceOffer
                item={item}
                strings={s}
                display={props.priceDisplay}
                onChange={(insured) => void run({ action: 'insure', commodityId: item.commodityId, insured })}
              />
            </li>
          ),
        )}
      </ul>
      <div class="cart__summary">
        <p>
          {t(s, 'cart.total')}: <strong data-testid="cart-total">{price(pay.totalPrice, props.priceDisplay)}</strong>
        </p>
        {props.business && (pay.tierSaving ?? 0) > 0 ? (
          <p data-testid="cart-tier-saving">
            {t(s, 'business.cart.totalSaving')}: −{price(pay.tierSaving ?? 0, props.priceDisplay)}
          </p>
        ) : null}
        {pay.discount > 0 && !props.business ? (
          <p>
            {t(s, 'checkout.discount')}: {price(pay.discount, props.priceDisplay)}
          </p>
        ) : null}
        <a
          class={`cart__checkout${pay.canCheckout ? '' : ' is-disabled'}`}
          data-track="cart-checkout"
          aria-disabled={!pay.canCheckout}
          href={
            pay.canCheckout
              ? (props.checkoutUrl ?? `/${props.urlLocal}/${props.business ? 'business/' : ''}checkout/`)
              : undefined
          }
        >
          {props.business ? t(s, 'business.cart.checkout') : t(s, 'cart.checkout')}
        </a>
        {businessPrices ? <p class="cart__note">{t(s, 'business.cart.tiers')}</p> : null}
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
