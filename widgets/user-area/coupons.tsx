import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { price } from '../lib/price';
import type { HostProps } from '../contract';
import { couponApi, couponValue, type Coupon, type CouponState } from '../request/coupon-api';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { CodeForm } from './code-form';
import { fixedImage } from '../../sites/image-renditions';

type Props = HostProps<'user-area'>;
const STATES: CouponState[] = ['available', 'claimed', 'used', 'expired'];

/**
 * /user/coupon, /user/coupon/{couponType}, /user/coupon/{couponType}/{code}: coupons by state; claim from the list or
 * by code.
 */
export function CouponCentre({ props }: { props: Props }) {
  const s = props.strings;
  const segments = location.pathname.replace(/\/$/, '').split('/');
  const at = segments.indexOf('coupon');
  const type = (STATES as string[]).includes(segments[at + 1] ?? '') ? (segments[at + 1] as CouponState) : 'claimed';
  const codeInPath = segments[at + 2] ?? '';
  const tab = useSignal<CouponState>(type);
  const code = useSignal(codeInPath.toUpperCase());
  const message = useSignal('');
  const coupons = useResource(
    () =>
      Promise.all([couponApi.claimable(), couponApi.mine()]).then(([claimable, mine]): Coupon[] => [
        ...claimable,
        ...mine,
      ]),
    { strings: s, error: message },
  );
  const claim = useSubmit((body: { code: string } | { couponId: string }) => couponApi.claim(body), {
    strings: s,
    error: message,
    onSuccess: () => {
      message.value = t(s, 'coupon.claimed');
      tab.value = 'claimed';
      return coupons.reload();
    },
  });
  if (!coupons.data.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  const shown = coupons.data.value.filter((c) => c.state === tab.value);
  return (
    <section class="coupon-centre" data-testid="coupon-centre">
      <CodeForm
        id="coupon-code"
        label={t(s, 'coupon.code')}
        button={t(s, 'coupon.claim')}
        maxLength={20}
        code={code}
        message={message.value}
        onSubmit={() => void claim.run({ code: code.value })}
        testId="coupon-message"
      />
      <nav aria-label={t(s, 'coupon.states')} class="form-actions">
        {STATES.map((state) => (
          <a
            key={state}
            href={storePath(`user/coupon/${state}/`)}
            aria-current={tab.value === state ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              tab.value = state;
            }}
          >
            {t(s, `coupon.state.${state}`)} ({coupons.data.value!.filter((c) => c.state === state).length})
          </a>
        ))}
      </nav>
      {shown.length === 0 ? <p>{t(s, 'coupon.none')}</p> : null}
      <ul class="coupon-list">
        {shown.map((c) => (
          <li key={c.userCouponId ?? c.couponId} class={`coupon coupon--${c.state}`} data-coupon={c.code}>
            <strong>{couponValue(c, s)}</strong> · {c.title}
            <br />
            <small>
              {c.minSpend > 0 ? `${t(s, 'coupon.minSpend', { amount: price(c.minSpend / 10 ** c.exponent) })} · ` : ''}
              {t(s, 'coupon.validUntil', {
                date: new Date(c.endsAt).toLocaleDateString(document.documentElement.lang || undefined),
              })}
            </small>
            <span class="form-actions">
              {c.state === 'available' ? (
                <button type="button" class="button" onClick={() => void claim.run({ couponId: c.couponId })}>
                  {t(s, 'coupon.claim')}
                </button>
              ) : null}
              {c.state === 'claimed' ? (
                <a href={storePath(`use-now/?couponId=${c.couponId}`)}>{t(s, 'coupon.useNow')}</a>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /use-now?couponId=: the products on sale here that the coupon applies to. */
export function UseNow({ props }: { props: Props }) {
  const s = props.strings;
  const couponId = new URLSearchParams(location.search).get('couponId') ?? '';
  const message = useSignal('');
  const data = useResource(() => (couponId ? couponApi.products(couponId) : Promise.resolve(null)), {
    strings: s,
    error: message,
  }).data;
  if (!couponId) return <p>{t(s, 'coupon.none')}</p>;
  if (!data.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  return (
    <section data-testid="use-now">
      <h2>
        {couponValue(data.value.coupon, s)} · {data.value.coupon.title}
      </h2>
      <ul class="product-grid">
        {data.value.products.map((p) => (
          <li key={p.productId}>
            <a href={storePath(`product/${p.productId}/`)}>
              <img {...fixedImage(p.image, 120)} alt="" width={120} height={120} loading="lazy" />
              <span>{p.name}</span> <span>{price(p.salePrice)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
