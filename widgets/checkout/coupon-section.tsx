import { t } from '../lib/strings';
import { couponValue } from '../request/coupon-api';
import { studentRule } from '../request/student-api';
import { money } from '../lib/money';
import type { SectionProps } from './checkout-state';

/** The shopper's claimed coupons to choose from (or none); the quote says when the chosen one does not apply. */
export function CouponSection({ c, q, s }: Omit<SectionProps, 'display'>) {
  if (c.coupons.value.length === 0 || q.presale) return null;
  return (
    <fieldset class="checkout__section">
      <legend>{t(s, 'coupon.title')}</legend>
      <label class="choice">
        <input
          type="radio"
          name="coupon"
          checked={c.couponId.value === ''}
          onChange={() => {
            c.couponId.value = '';
            void c.loadQuote(c.delivery.value, '');
          }}
        />
        {t(s, 'coupon.noneChosen')}
      </label>
      {c.coupons.value.map((coupon) => (
        <label class="choice" key={coupon.userCouponId}>
          <input
            type="radio"
            name="coupon"
            value={coupon.userCouponId}
            checked={c.couponId.value === coupon.userCouponId}
            onChange={() => {
              c.couponId.value = coupon.userCouponId!;
              void c.loadQuote(c.delivery.value, coupon.userCouponId);
            }}
          />
          <span>
            <strong>{couponValue(coupon, s)}</strong> · {coupon.title}
            {/* A one-device coupon (a student offer) shows its rule: the server applies exactly this. */}
            {coupon.singleUnit ? (
              <>
                <br />
                <small data-testid="coupon-rule">{studentRule(coupon, s)}</small>
              </>
            ) : null}
          </span>
        </label>
      ))}
      {q.coupon?.refused ? (
        <p role="alert" class="field__error" data-testid="coupon-refused">
          {q.coupon.refused === 'price_cap'
            ? t(s, 'student.error.priceCap', { price: money(q.coupon.maxUnitPrice ?? 0, q.amounts.exponent) })
            : t(s, `coupon.error.${q.coupon.refused === 'min_spend' ? 'minSpend' : 'notEligible'}`)}
        </p>
      ) : null}
    </fieldset>
  );
}
