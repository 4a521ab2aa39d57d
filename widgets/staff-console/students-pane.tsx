import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { studentApi, type StaffStudentDetail } from '../request/student-api';
import type { StaffPaneProps } from './staff-api';

const FILTERS = ['in_review', 'verified', 'expired', 'rejected', 'all'] as const;
type Filter = (typeof FILTERS)[number];
/** Each status's name (keys allow no underscores). */
const STATE_KEYS = {
  none: 'student.state.none',
  awaiting_link: 'student.state.awaitingLink',
  in_review: 'student.state.inReview',
  verified: 'student.state.verified',
  expired: 'student.state.expired',
  rejected: 'student.state.rejected',
} as const;
const METHOD_KEYS = { email: 'student.console.method.email', document: 'student.console.method.document' } as const;
const day = (ms: number | null) => (ms ? new Date(ms).toISOString().slice(0, 10) : '');

/**
 * The Students tab of the support console: the student verifications of this storefront's country, documents in
 * review first (oldest first); one opens with its school, account and documents, and is approved with a validity
 * (12 months by default) or rejected with a reason. The shopper is told by message and mail.
 */
export function StudentsPane({ strings: s, api }: StaffPaneProps) {
  const filter = useSignal<Filter>('in_review');
  const open = useSignal<StaffStudentDetail | null>(null);
  const months = useSignal(12);
  const reason = useSignal('');
  const message = useSignal('');
  const list = useResource(() => studentApi.staffList(filter.value, api), { strings: s, error: message }, [
    filter.value,
  ]);
  const openOne = async (id: string) => {
    try {
      open.value = await studentApi.staffDetail(id, api);
      months.value = 12;
      reason.value = '';
      message.value = '';
    } catch (e) {
      message.value = failureMessage(e, s);
    }
  };
  const review = useSubmit((body: Parameters<typeof studentApi.review>[0]) => studentApi.review(body, api), {
    strings: s,
    error: message,
    onSuccess: () => {
      open.value = null;
      message.value = t(s, 'student.console.reviewed');
      return list.reload();
    },
  });
  const d = open.value;
  const decide = (decision: 'approve' | 'reject') =>
    d
      ? void review.run(
          decision === 'approve'
            ? { id: d.verification.id, decision, months: months.value }
            : { id: d.verification.id, decision, reason: reason.value.trim() },
        )
      : undefined;
  return (
    <div class="console-pane" data-testid="console-students">
      <label>
        {t(s, 'student.console.filter')}{' '}
        <select value={filter.value} onChange={(e) => (filter.value = (e.target as HTMLSelectElement).value as Filter)}>
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t(s, 'student.console.all') : t(s, STATE_KEYS[f])}
            </option>
          ))}
        </select>
      </label>
      {list.data.value && list.data.value.length === 0 ? <p>{t(s, 'student.console.none')}</p> : null}
      <ul class="console-list">
        {(list.data.value ?? []).map((v) => (
          <li key={v.id} data-testid="student-item">
            <strong>{v.schoolName ?? v.schoolEmail ?? ''}</strong>
            {[v.accountEmail, t(s, METHOD_KEYS[v.method]), t(s, STATE_KEYS[v.status]), day(v.createdAt)]
              .map((part) => ` · ${part}`)
              .join('')}{' '}
            <button
              type="button"
              class="button button--secondary"
              data-testid="student-open"
              onClick={() => void openOne(v.id)}
            >
              {t(s, 'student.console.open')}
            </button>
          </li>
        ))}
      </ul>
      {d ? (
        <section class="console-detail" data-testid="student-detail">
          <h3>{d.verification.schoolName ?? d.verification.schoolEmail}</h3>
          <dl>
            <dt>{t(s, 'student.console.account')}</dt>
            <dd>{d.verification.accountEmail}</dd>
            <dt>{t(s, 'student.console.state')}</dt>
            <dd>{t(s, STATE_KEYS[d.verification.status])}</dd>
            {d.verification.validUntil ? (
              <>
                <dt>{t(s, 'student.console.validUntil')}</dt>
                <dd>{day(d.verification.validUntil)}</dd>
              </>
            ) : null}
            {d.verification.rejectReason ? (
              <>
                <dt>{t(s, 'student.console.reason')}</dt>
                <dd>{d.verification.rejectReason}</dd>
              </>
            ) : null}
          </dl>
          <ul>
            {d.documents.map((u) => (
              <li key={u.id}>
                <a href={studentApi.fileUrl(u.id, api)} rel="noopener">
                  {u.fileName}
                </a>{' '}
                ({Math.ceil(u.size / 1024)} KB)
              </li>
            ))}
          </ul>
          {d.verification.status === 'in_review' ? (
            <div class="form-actions">
              <label for="student-months">{t(s, 'student.console.months')}</label>
              <input
                id="student-months"
                type="number"
                min={1}
                max={12}
                value={months.value}
                onInput={(e) => (months.value = Number((e.target as HTMLInputElement).value))}
                data-testid="student-months"
              />
              <button type="button" class="button" data-testid="student-approve" onClick={() => decide('approve')}>
                {t(s, 'student.console.approve')}
              </button>
              <label for="student-reason">{t(s, 'student.console.reason')}</label>
              <input
                id="student-reason"
                maxLength={500}
                value={reason.value}
                onInput={(e) => (reason.value = (e.target as HTMLInputElement).value)}
                data-testid="student-reason"
              />
              <button
                type="button"
                class="button button--secondary"
                data-testid="student-reject"
                onClick={() => decide('reject')}
              >
                {t(s, 'student.console.reject')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      <p role="alert" data-testid="student-console-message">
        {message.value}
      </p>
    </div>
  );
}
