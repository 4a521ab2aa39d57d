import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { businessApi, type EnterpriseAccount } from '../request/business-api';
import type { UploadMeta } from '../request/aftersales-api';
import type { StaffPaneProps } from './staff-api';

type Detail = {
  account: EnterpriseAccount;
  documents: UploadMeta[];
  accountEmail: string;
  vatExemptionAllowed: boolean;
};
const FILTERS = ['pending', 'good', 'rejected', 'expired', 'all'] as const;
const FILTER_STATUS = { pending: '1', good: '3', rejected: '4', expired: '5', all: '' } as const satisfies Record<
  (typeof FILTERS)[number],
  string
>;
const day = (ms: number | null) => (ms ? new Date(ms).toISOString().slice(0, 10) : '');

/**
 * Company review for staff (the enterprise account states): the applications of this storefront's
 * country, oldest first; one opens with its company data and documents, and is approved with a validity (a year by
 * default) and VAT exemption where the country allows it, or rejected with a reason. The applicant is told.
 */
export function EnterprisePane({ strings: s, api }: StaffPaneProps) {
  const filter = useSignal<(typeof FILTERS)[number]>('pending');
  const open = useSignal<Detail | null>(null);
  const months = useSignal(12);
  const vatExempt = useSignal(false);
  const reason = useSignal('');
  const message = useSignal('');
  const accounts = useResource(() => businessApi.staffList(filter.value, api), { strings: s, error: message }, [
    filter.value,
  ]);
  const list = accounts.data;
  const openOne = async (id: string) => {
    try {
      open.value = await businessApi.staffDetail(id, api);
      months.value = 12;
      vatExempt.value = false;
      reason.value = '';
      message.value = '';
    } catch (e) {
      message.value = failureMessage(e, s);
    }
  };
  const review = useSubmit((body: Parameters<typeof businessApi.review>[0]) => businessApi.review(body, api), {
    strings: s,
    error: message,
    onSuccess: () => {
      open.value = null;
      message.value = t(s, 'business.console.reviewed');
      return accounts.reload();
    },
  });
  const decide = async (decision: 'approve' | 'reject') => {
    const d = open.value;
    if (!d) return;
    await review.run(
      decision === 'approve'
        ? { id: d.account.id, decision, months: months.value, vatExempt: vatExempt.value }
        : { id: d.account.id, decision, reason: reason.value.trim() },
    );
  };
  const d = open.value;
  return (
    <div class="console-pane" data-testid="console-enterprise">
      <label>
        {t(s, 'business.console.filter')}{' '}
        <select
          value={filter.value}
          onChange={(e) => (filter.value = (e.target as HTMLSelectElement).value as (typeof FILTERS)[number])}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t(s, 'business.console.all') : t(s, `business.state.${FILTER_STATUS[f]}`)}
            </option>
          ))}
        </select>
      </label>
      {list.value && list.value.length === 0 ? <p>{t(s, 'business.console.none')}</p> : null}
      <ul class="console-list">
        {(list.value ?? []).map((a) => (
          <li key={a.id} data-testid="enterprise-item">
            <strong>{a.companyName}</strong> · {a.accountEmail ?? ''} · {t(s, `business.state.${a.status}`)} ·{' '}
            {day(a.createdAt)}{' '}
            <button
              type="button"
              class="button button--secondary"
              data-testid="enterprise-open"
              onClick={() => void openOne(a.id)}
            >
              {t(s, 'business.console.open')}
            </button>
          </li>
        ))}
      </ul>
      {d ? (
        <section class="console-detail" data-testid="enterprise-detail">
          <h3>{d.account.companyName}</h3>
          <dl>
            <dt>{t(s, 'business.console.account')}</dt>
            <dd>{d.accountEmail}</dd>
            {Object.entries(d.account.tax).map(([k, v]) => (
              <>
                <dt>{k}</dt>
                <dd data-testid={`enterprise-tax-${k}`}>{v}</dd>
              </>
            ))}
            <dt>{t(s, 'business.form.street')}</dt>
            <dd>
              {[
                d.account.address['street'],
                d.account.address['city'],
                d.account.address['state'],
                d.account.address['postalCode'],
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
            <dt>{t(s, 'business.form.contactName')}</dt>
            <dd>
              {[d.account.contact['name'], d.account.contact['email'], d.account.contact['phone']]
                .filter(Boolean)
                .join(' · ')}
            </dd>
            {d.account.rejectReason ? (
              <>
                <dt>{t(s, 'business.console.reason')}</dt>
                <dd>{d.account.rejectReason}</dd>
              </>
            ) : null}
          </dl>
          <ul>
            {d.documents.map((u) => (
              <li key={u.id}>
                <a href={businessApi.fileUrl(u.id, api)} rel="noopener">
                  {u.fileName}
                </a>{' '}
                ({Math.ceil(u.size / 1024)} KB)
              </li>
            ))}
          </ul>
          {d.account.status === 1 ? (
            <div class="form-actions">
              <label for="enterprise-months">{t(s, 'business.console.months')}</label>
              <input
                id="enterprise-months"
                type="number"
                min={1}
                max={36}
                value={months.value}
                onInput={(e) => (months.value = Number((e.target as HTMLInputElement).value))}
                data-testid="enterprise-months"
              />
              {d.vatExemptionAllowed ? (
                <label>
                  <input
                    type="checkbox"
                    checked={vatExempt.value}
                    onChange={(e) => (vatExempt.value = (e.target as HTMLInputElement).checked)}
                  />{' '}
                  {t(s, 'business.console.vatExempt')}
                </label>
              ) : null}
              <button
                type="button"
                class="button"
                data-testid="enterprise-approve"
                onClick={() => void decide('approve')}
              >
                {t(s, 'business.console.approve')}
              </button>
              <label for="enterprise-reason">{t(s, 'business.console.reason')}</label>
              <input
                id="enterprise-reason"
                maxLength={500}
                value={reason.value}
                onInput={(e) => (reason.value = (e.target as HTMLInputElement).value)}
                data-testid="enterprise-reason"
              />
              <button
                type="button"
                class="button button--secondary"
                data-testid="enterprise-reject"
                onClick={() => void decide('reject')}
              >
                {t(s, 'business.console.reject')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      <p role="alert" data-testid="enterprise-message">
        {message.value}
      </p>
    </div>
  );
}
