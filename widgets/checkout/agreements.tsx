import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import { LegalAgreementText } from './legal-agreement';
import type { SectionProps } from './checkout-state';

/**
 * A box the shopper must tick before placing the order (the privacy and pre-order agreements); the server marks it when
 * missing.
 */
function Agreement({
  name,
  checked,
  invalid,
  testId,
  children,
}: {
  name: string;
  checked: Signal<boolean>;
  invalid: boolean;
  testId: string;
  children: ComponentChildren;
}) {
  return (
    <label class="field field--check">
      <input
        type="checkbox"
        name={name}
        checked={checked.value}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(ev) => (checked.value = (ev.target as HTMLInputElement).checked)}
        data-testid={testId}
      />
      <span>{children}</span>
    </label>
  );
}

/** The privacy agreement, and the pre-order one when a line is a pre-order. */
export function Agreements({
  c,
  q,
  s,
  privacyHref,
}: Omit<SectionProps, 'display'> & { privacyHref: string | undefined }) {
  return (
    <>
      <Agreement
        name="agreePrivacy"
        checked={c.agreed}
        invalid={!!c.errors.value['agreePrivacy']}
        testId="checkout-agree"
      >
        <LegalAgreementText s={s} privacyHref={privacyHref} />
      </Agreement>
      {q.preOrder ? (
        <Agreement
          name="agreePreOrder"
          checked={c.agreedPreOrder}
          invalid={!!c.errors.value['agreePreOrder']}
          testId="checkout-agree-pre-order"
        >
          {t(s, 'checkout.preOrderAgree')}
        </Agreement>
      ) : null}
    </>
  );
}
