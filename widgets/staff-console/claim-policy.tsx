import { camel, t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { insuranceApi } from '../request/insurance-api';
import { dayOf } from '../lib/when';

type Strings = Record<string, string> | undefined;

/**
 * The policy behind a claim, for staff judging it: its state and cover, the day of the damage, the insured unit's
 * IMEI and the claims counted in the last 12 months against the plan's limit.
 */
export function ClaimPolicy({ requestId, strings: s }: { requestId: string; strings: Strings }) {
  const found = useResource(() => insuranceApi.staffClaim(requestId), { strings: s }, [requestId]);
  const claim = found.data.value;
  if (!claim) return <p role="status">{found.error.value || t(s, 'common.loading')}</p>;
  const p = claim.policy;
  return (
    <dl class="order-amounts" data-testid="console-claim-policy">
      <dt>{t(s, 'insurance.claim.kind')}</dt>
      <dd>
        {t(s, 'insurance.policy.number', { id: p.policyId })} · {t(s, `insurance.state.${camel(p.state)}`)}
        {p.imei ? ` · IMEI ${p.imei}` : ''}
      </dd>
      <dt>{t(s, 'insurance.claim.date')}</dt>
      <dd>{claim.incidentDate}</dd>
      <dt>{t(s, 'insurance.title')}</dt>
      <dd>
        {p.startsAt && p.endsAt
          ? t(s, 'insurance.policy.covered', { from: dayOf(p.startsAt), until: dayOf(p.endsAt) })
          : t(s, 'insurance.policy.startsOnDelivery', { count: p.coverMonths })}
        {' · '}
        {t(s, 'insurance.policy.claims', { used: p.claimsInYear, count: p.claimsPerYear })}
      </dd>
    </dl>
  );
}
