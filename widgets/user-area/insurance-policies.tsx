import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { stateKey, type RequestState } from '../request/aftersales-api';
import { insuranceApi, type Policy } from '../request/insurance-api';
import type { PriceDisplay } from '../lib/price';
import { dayOf } from '../lib/when';

type Strings = Record<string, string> | undefined;

/**
 * One policy (one insured unit): its state and cover, its claims of the last 12 months against the plan's limit, and
 * what the shopper may do: claim while covered, withdraw the plan alone for its refund within the withdrawal period.
 */
function PolicyCard({
  policy: p,
  strings: s,
  display,
  onChanged,
}: {
  policy: Policy;
  strings: Strings;
  display: PriceDisplay | undefined;
  onChanged: () => void;
}) {
  const message = useSignal('');
  const confirming = useSignal(false);
  const withdraw = useSubmit(() => insuranceApi.withdraw(p.policyId), {
    strings: s,
    error: message,
    onSuccess: (done) => {
      message.value = t(s, 'insurance.policy.withdrawn', { amount: money(done.refunded, p.exponent, display) });
      onChanged();
    },
  });
  return (
    <li class="insurance-policy" data-testid="insurance-policy" data-state={p.state} data-policy={p.policyId}>
      <p>
        <strong>{t(s, 'insurance.plan.forProduct', { product: p.productName })}</strong>
        {' · '}
        {t(s, 'insurance.policy.number', { id: p.policyId })}
        {' · '}
        <span data-testid="insurance-policy-state">{t(s, `insurance.state.${camel(p.state)}`)}</span>
      </p>
      <p>
        {p.startsAt && p.endsAt
          ? t(s, 'insurance.policy.covered', { from: dayOf(p.startsAt), until: dayOf(p.endsAt) })
          : t(s, 'insurance.policy.startsOnDelivery', { count: p.coverMonths })}
        {p.imei ? ` · IMEI ${p.imei}` : ''}
      </p>
      <p data-testid="insurance-policy-claims">
        {t(s, 'insurance.policy.claims', { used: p.claimsInYear, count: p.claimsPerYear })}
      </p>
      {p.claims.length > 0 ? (
        <ul>
          {p.claims.map((c) => (
            <li key={c.requestId}>
              <a href={storePath(`support/aftersales/apply/${c.requestId}/`)}>
                {t(s, 'insurance.policy.claimNo', { no: c.requestNo })}
              </a>
              {' · '}
              {t(s, stateKey(c.state as RequestState))}
            </li>
          ))}
        </ul>
      ) : null}
      {p.refundAmount !== null ? (
        <p>{t(s, 'insurance.policy.refunded', { amount: money(p.refundAmount, p.exponent, display) })}</p>
      ) : null}
      <p class="form-actions">
        {p.canClaim ? (
          <a
            class="button button--primary"
            href={storePath(`support/aftersales/apply/?kind=claim&policyId=${p.policyId}`)}
            data-testid="insurance-claim-link"
          >
            {t(s, 'insurance.policy.claim')}
          </a>
        ) : null}
        {p.canWithdraw && !confirming.value ? (
          <button type="button" class="button button--secondary" onClick={() => (confirming.value = true)}>
            {t(s, 'insurance.policy.withdraw')}
          </button>
        ) : null}
      </p>
      {p.canWithdraw && confirming.value ? (
        <p role="group">
          {t(s, 'insurance.policy.withdrawConfirm', { amount: money(p.price, p.exponent, display) })}{' '}
          {p.withdrawUntil ? t(s, 'insurance.policy.withdrawUntil', { date: dayOf(p.withdrawUntil) }) : ''}{' '}
          <button
            type="button"
            class="button button--primary"
            disabled={withdraw.busy.value}
            onClick={() => void withdraw.run()}
            data-testid="insurance-withdraw"
          >
            {t(s, 'insurance.policy.withdrawYes')}
          </button>
        </p>
      ) : null}
      <p role="status">{message.value}</p>
    </li>
  );
}

/** The policies of the signed-in user, optionally of one order: a section that says so when there are none. */
export function InsurancePolicies({
  strings: s,
  display,
  orderId,
}: {
  strings: Strings;
  display: PriceDisplay | undefined;
  orderId?: string;
}) {
  const list = useResource(() => insuranceApi.policies(), { strings: s });
  const policies = list.data.value?.filter((p) => !orderId || p.orderId === orderId);
  if (!policies) return null;
  if (orderId && policies.length === 0) return null;
  return (
    <section class="insurance-policies" data-testid="insurance-policies" aria-labelledby="insurance-policies">
      <h2 id="insurance-policies">{t(s, 'insurance.title')}</h2>
      {policies.length === 0 ? (
        <p>{t(s, 'insurance.policy.none')}</p>
      ) : (
        <ul>
          {policies.map((p) => (
            <PolicyCard key={p.policyId} policy={p} strings={s} display={display} onChanged={() => list.reload()} />
          ))}
        </ul>
      )}
    </section>
  );
}
