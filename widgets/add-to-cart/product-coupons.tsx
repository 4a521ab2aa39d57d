import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCountdown } from '../lib/countdown';
import { t } from '../lib/strings';
import { useCampaignPhase } from '../lib/use-campaign-phase';
import { couponApi, couponValue, type Coupon } from '../request/coupon-api';
import { failureMessage } from '../lib/failure';
import { SaleReminderButton } from '../lib/sale-reminder';

/** Coupons of the country that can be claimed now or soon and apply to this product (by product or category). */
const appliesTo = (c: Coupon, productId: string, category: string | undefined) =>
  (!c.products || c.products.includes(productId)) &&
  (!c.categories || (category !== undefined && c.categories.includes(category)));

type Strings = Record<string, string> | undefined;

/**
 * One coupon on the server's clock: before its window a "starts in" countdown, a disabled button, which turns live
 * at zero without a reload, and "remind me"; after its end it shows as expired and cannot be claimed (the server
 * refuses too).
 */
function CouponOffer({
  coupon: c,
  productId,
  strings: s,
  note,
  onClaim,
}: {
  coupon: Coupon;
  productId: string;
  strings: Strings;
  note: string | undefined;
  onClaim: () => void;
}) {
  const clock = useCampaignPhase({ startsAt: c.startsAt, endsAt: c.endsAt });
  return (
    <li data-coupon={c.couponId} data-phase={clock.phase}>
      <strong>{couponValue(c, s)}</strong> · {c.title}{' '}
      {clock.phase === 'upcoming' && clock.secondsLeft !== null ? (
        <span class="product-coupons__starts" role="timer" data-testid="coupon-starts-in">
          {t(s, 'countdown.startsIn')} {formatCountdown(clock.secondsLeft, 'timeWithDays')}{' '}
        </span>
      ) : null}
      {clock.phase === 'ended' ? (
        <span class="product-coupons__ended" data-testid="coupon-ended">
          {t(s, 'coupon.state.expired')}
        </span>
      ) : (
        <button
          type="button"
          class="button button--secondary"
          disabled={clock.phase !== 'live'}
          onClick={onClaim}
          data-testid="coupon-claim"
        >
          {t(s, 'coupon.claim')}
        </button>
      )}
      {clock.phase === 'upcoming' ? (
        <SaleReminderButton sale={{ kind: 'coupon', saleId: c.couponId, productId }} strings={s} />
      ) : null}
      {note ? <span role="status"> {note}</span> : null}
    </li>
  );
}

/**
 * The live part of a product page's offers: coupons to claim for this product, including those about to
 * open. Claiming needs an account; a visitor is told so (the claim answers "not logged in" with the sign-in message).
 */
export function ProductCoupons({
  productId,
  category,
  strings: s,
}: {
  productId: string;
  category: string | undefined;
  strings: Strings;
}) {
  const coupons = useSignal<Coupon[]>([]);
  const notes = useSignal<Record<string, string>>({});
  useEffect(() => {
    couponApi.claimable(true).then(
      (all) =>
        (coupons.value = all.filter(
          (c) => (c.state === 'available' || c.state === 'upcoming') && appliesTo(c, productId, category),
        )),
      () => undefined,
    );
  }, []);
  if (coupons.value.length === 0) return null;
  const claim = async (c: Coupon) => {
    try {
      await couponApi.claim({ couponId: c.couponId });
      notes.value = { ...notes.value, [c.couponId]: t(s, 'coupon.claimed') };
    } catch (e) {
      notes.value = { ...notes.value, [c.couponId]: failureMessage(e, s) };
    }
  };
  return (
    <section class="product-coupons" aria-labelledby={`coupons-${productId}`} data-testid="product-coupons">
      <h2 id={`coupons-${productId}`} class="product-coupons__title">
        {t(s, 'coupon.title')}
      </h2>
      <ul>
        {coupons.value.map((c) => (
          <CouponOffer
            key={c.couponId}
            coupon={c}
            productId={productId}
            strings={s}
            note={notes.value[c.couponId]}
            onClaim={() => void claim(c)}
          />
        ))}
      </ul>
    </section>
  );
}
