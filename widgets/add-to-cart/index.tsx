import { useComputed, useSignal } from '@preact/signals';
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { price } from '../lib/price';
import { t } from '../lib/strings';
import { RequestError } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { CommodityOption, HostProps } from '../contract';
import { cartCall } from '../state/cart-api';
import { ProductCoupons } from './product-coupons';
import { markSpecGrid, useLiveStock, withLivePrices } from './live-stock';
import { BackInStock } from './back-in-stock';
import { LowestPriceLine } from '../lib/lowest-price-line';
import { lowestPricesFor, type LowestOffer } from '../lib/lowest-prices';
import { useResource } from '../lib/use-resource';
import { track } from '../lib/analytics';
import { addToCartEvent } from '../lib/analytics/events';

type Props = HostProps<'add-to-cart'>;

type Status = { kind: 'idle' | 'busy' } | { kind: 'added' } | { kind: 'error'; text: string };

/** The version the URL names (?commodityId=, kept by a choice on this page), else the page's own. */
function chosenInUrl(): string | null {
  return new URLSearchParams(location.search).get('commodityId');
}

/**
 * The product page's price and stock block ([data-product-selection], rendered by the build for the page's own
 * version) shows the version the shopper chose: sale and original price, its lowest price of the last 30 days when it
 * is reduced (EU and EEA), and whether it is in stock.
 */
function SelectionSummary({
  commodity,
  lowest,
  props,
}: {
  commodity: CommodityOption;
  lowest: LowestOffer | undefined;
  props: Props;
}) {
  const s = props.strings;
  if (props.isToC === false || commodity.salePrice === null)
    return <p class="product__stock">{t(s, 'product.notAvailable')}</p>;
  const showOrigin = commodity.marketPrice !== null && commodity.marketPrice !== commodity.salePrice;
  return (
    <>
      <p class="price price--large" data-testid="product-price">
        <span class="price__sale">
          {showOrigin ? <span class="visually-hidden">{t(s, 'product.salePrice')} </span> : null}
          {price(commodity.salePrice, props.priceDisplay)}
        </span>
        {showOrigin ? (
          <>
            {' '}
            <del class="price__origin">
              <span class="visually-hidden">{t(s, 'product.originalPrice')} </span>
              {price(commodity.marketPrice, props.priceDisplay)}
            </del>
          </>
        ) : null}
      </p>
      <LowestPriceLine offer={lowest} strings={s} display={props.priceDisplay} />
      {commodity.stock > 0 ? null : (
        <>
          <p class="product__stock">{t(s, 'product.outOfStock')}</p>
          <BackInStock productId={props.productId} commodityId={commodity.commodityId} strings={s} />
        </>
      )}
    </>
  );
}

/** Product page: choose a commodity and a quantity, add to the cart (POST cart, action add). */
function AddToCart({ props }: { props: Props }) {
  const s = props.strings;
  // The built page's stock is that of its build; the island shows the live one, and where it asks for the lowest
  // prices (EU and EEA) the served release's prices with them.
  const stocked = useLiveStock(props.productId, props.commodities);
  // The figure starts with the publish of the price, after the page was built: asked of the API (EU and EEA only).
  const lowest = useResource(
    () =>
      lowestPricesFor(
        props.api,
        props.local,
        props.commodities.map((c) => c.commodityId),
      ),
    { strings: s },
  );
  const live = useComputed(() => withLivePrices(stocked.value, lowest.data.value));
  const commodities = live.value;
  const buyable = commodities.filter((c) => c.salePrice !== null);
  // A version the URL names is shown even when sold out (an alert's link, a shared link): its page offers the alert.
  const inUrl = chosenInUrl();
  const selected = useSignal(
    buyable.find((c) => c.commodityId === inUrl)?.commodityId ??
      buyable.find((c) => c.commodityId === props.selectedCommodityId && c.stock > 0)?.commodityId ??
      buyable.find((c) => c.stock > 0)?.commodityId ??
      buyable[0]?.commodityId ??
      '',
  );
  const quantity = useSignal(1);
  const status = useSignal<Status>({ kind: 'idle' });
  const current = useComputed(() => live.value.find((c) => c.commodityId === selected.value));
  const max = Math.max(1, Math.min(props.purchaseLimit ?? 99, current.value?.stock ?? 1));

  // The page's big price and stock follow the choice, and the URL keeps it (a reload or a shared link shows it).
  useEffect(() => {
    const block = document.querySelector<HTMLElement>('[data-product-selection]');
    const commodity = current.value;
    if (!block || !commodity) return;
    // The build's markup goes once; after that Preact owns the block and patches it on each choice.
    if (!block.dataset['owned']) {
      block.replaceChildren();
      block.dataset['owned'] = 'true';
    }
    render(
      <SelectionSummary commodity={commodity} lowest={lowest.data.value?.get(commodity.commodityId)} props={props} />,
      block,
    );
    if (commodity.commodityId !== (chosenInUrl() ?? props.selectedCommodityId)) {
      const url = new URL(location.href);
      url.searchParams.set('commodityId', commodity.commodityId);
      history.replaceState(history.state, '', url);
    }
  }, [selected.value, commodities, lowest.data.value]);

  // The spec grid outside the island follows the live stock too, once it has come.
  useEffect(() => {
    if (stocked.value !== props.commodities) markSpecGrid(document, stocked.value, t(s, 'product.outOfStock'));
  }, [stocked.value]);

  const add = async () => {
    if (!current.value) return;
    status.value = { kind: 'busy' };
    const { commodityId, salePrice } = current.value;
    const units = quantity.value;
    try {
      await cartCall({ action: 'add', commodityId, quantity: units });
      status.value = { kind: 'added' };
      const event = salePrice === null ? null : addToCartEvent(props.productId, salePrice, units, props.priceDisplay);
      if (event) track(event);
    } catch (e) {
      const text = e instanceof RequestError && e.errmsg ? e.errmsg : t(s, 'cart.addFailed');
      status.value = { kind: 'error', text };
    }
  };

  if (commodities.length === 0 || buyable.length === 0) {
    return <p class="add-to-cart__unavailable">{t(s, 'product.notAvailable')}</p>;
  }
  const st = status.value;
  return (
    <div class="add-to-cart" data-testid="add-to-cart">
      <fieldset class="add-to-cart__options">
        <legend>{t(s, 'product.chooseVariant')}</legend>
        {commodities.map((c) => {
          const out = c.stock <= 0 || c.salePrice === null;
          return (
            <label key={c.commodityId} class={`add-to-cart__option${out ? ' is-out' : ''}`}>
              <input
                type="radio"
                name={`commodity-${props.productId}`}
                value={c.commodityId}
                checked={selected.value === c.commodityId}
                // A sold-out version can be chosen (to ask for its alert); one not sold here cannot.
                disabled={c.salePrice === null}
                onChange={() => {
                  selected.value = c.commodityId;
                  quantity.value = 1;
                }}
              />
              <span>{[c.firstSpecValue, c.secondSpecValue].filter(Boolean).join(' · ')}</span>
              {props.isToC !== false && c.salePrice !== null ? (
                <span class="add-to-cart__price">{price(c.salePrice, props.priceDisplay)}</span>
              ) : null}
              {out ? <span class="add-to-cart__stock">{t(s, 'product.outOfStock')}</span> : null}
            </label>
          );
        })}
      </fieldset>
      <label class="add-to-cart__qty">
        {t(s, 'product.quantity')}
        <input
          type="number"
          min={1}
          max={max}
          value={quantity.value}
          onChange={(e) =>
            (quantity.value = Math.min(max, Math.max(1, Math.floor(Number((e.target as HTMLInputElement).value)) || 1)))
          }
        />
      </label>
      <button
        type="button"
        class="add-to-cart__button"
        data-track="add-to-cart"
        disabled={st.kind === 'busy' || !current.value || current.value.stock <= 0}
        onClick={() => void add()}
      >
        {t(s, 'product.addToCart')}
      </button>
      <p role={st.kind === 'error' ? 'alert' : 'status'} class="add-to-cart__status" data-testid="add-to-cart-status">
        {st.kind === 'added' ? (
          <>
            {t(s, 'product.addedToCart')}{' '}
            <a href={props.cartHref ?? `/${props.urlLocal}/cart/`}>{t(s, 'cart.title')}</a>
          </>
        ) : st.kind === 'error' ? (
          st.text
        ) : null}
      </p>
      {props.isToC !== false ? (
        <ProductCoupons productId={props.productId} category={props.category} strings={s} />
      ) : null}
    </div>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  if (!Array.isArray(props.commodities)) throw new TypeError('add-to-cart: props.commodities must be an array');
  return mountPreact(host, <AddToCart props={propsOf<'add-to-cart'>(props)} />);
}
