import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { couponApi, couponValue, type Coupon } from '../coupon/coupon-api';
import { failure } from '../checkout/failure';

/** Coupons of the country that can be claimed now and apply to this product (by product or category). */
const appliesTo = (c: Coupon, productId: string, category: string | undefined) =>
  (!c.products || c.products.includes(productId)) && (!c.categories || (category !== undefined && c.categories.includes(category)));

/**
 * The live part of a product page's offers (issue 9): coupons to claim for this product. Claiming needs an account;
 * a visitor is told so (the claim answers "not logged in" with the sign-in message).
 */
export function ProductCoupons({ productId, category, strings: s }: { productId: string; category: string | undefined; strings: Record<string, string> | undefined }) {
  const coupons = useSignal<Coupon[]>([]);
  const notes = useSignal<Record<string, string>>({});
  useEffect(() => {
    couponApi.claimable().then(
      (all) => (coupons.value = all.filter((c) => c.state === 'available' && appliesTo(c, productId, category))),
      () => undefined,
    );
  }, []);
  if (coupons.value.length === 0) return null;
  const claim = async (c: Coupon) => {
    try {
      await couponApi.claim({ couponId: c.couponId });
      notes.value = { ...notes.value, [c.couponId]: t(s, 'coupon.claimed') };
    } catch (e) {
      notes.value = { ...notes.value, [c.couponId]: failure(e, s).message };
    }
  };
  return (
    <section class="product-coupons" aria-labelledby={`coupons-${productId}`} data-testid="product-coupons">
      <h2 id={`coupons-${productId}`} class="product-coupons__title">
        {t(s, 'coupon.title')}
      </h2>
      <ul>
        {coupons.value.map((c) => (
          <li key={c.couponId} data-coupon={c.couponId}>
            <strong>{couponValue(c, s)}</strong> · {c.title}{' '}
            <button type="button" class="button button--secondary" onClick={() => void claim(c)}>
              {t(s, 'coupon.claim')}
            </button>
            {notes.value[c.couponId] ? <span role="status"> {notes.value[c.couponId]}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
