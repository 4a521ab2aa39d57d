import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { site } from '../state/site';
import { UPLOAD_RULES, type UploadMeta } from '../request/aftersales-api';
import { fileRefusal, UploadList } from './upload-list';
import { studentApi, studentRule, type StudentOffer, type StudentStatusView } from '../request/student-api';
import { dayOf } from '../lib/when';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const day = (ms: number | null) => (ms ? dayOf(ms) : '');
const moment = (ms: number | null) =>
  ms
    ? new Date(ms).toLocaleString(document.documentElement.lang || undefined, {
        dateStyle: 'short',
        timeStyle: 'short',
      })
    : '';

/** The status line of each status (keys allow no underscores). */
const STATUS_KEYS = {
  none: 'student.status.none',
  awaiting_link: 'student.status.awaitingLink',
  in_review: 'student.status.inReview',
  verified: 'student.status.verified',
  expired: 'student.status.expired',
  rejected: 'student.status.rejected',
} as const;

/** A status in words, with the dates, address, school or reason it names. */
function statusText(s: Strings, status: StudentStatusView['status'], v: StudentStatusView): string {
  const request = v.request;
  return t(s, STATUS_KEYS[status], {
    date: day(v.verification?.validUntil ?? null),
    email: request?.schoolEmail ?? '',
    time: moment(request?.linkExpiresAt ?? null),
    school: request?.schoolName ?? '',
    reason: request?.rejectReason ?? '',
  });
}

/**
 * /user/student: the shopper's student status (verified until, renewal, a request under way), the two ways to verify
 * in this country (a school address on the country's list gets a one-time link; a student card or enrolment letter
 * goes to staff), and this semester's offer with its rule and the claim of its coupon.
 */
export function StudentProgramme({ props }: { props: Props }) {
  const s = props.strings;
  const status = useResource(() => studentApi.status(), { strings: s });
  const v = status.data.value;
  if (!v) return <p role={status.error.value ? 'alert' : undefined}>{status.error.value || t(s, 'common.loading')}</p>;
  const otherCountry = v.status === 'verified' && v.verification && v.verification.local !== site.value.local;
  return (
    <section class="student-programme" data-testid="student-programme" data-status={v.status}>
      <h2>{t(s, 'student.title')}</h2>
      <p class={`student-status student-status--${v.status}`} role="status" data-testid="student-status">
        {statusText(s, v.status, v)}
        {v.status === 'verified' && v.renewFrom ? ` ${t(s, 'student.renewFrom', { date: day(v.renewFrom) })}` : ''}
      </p>
      {/* A renewal under way, or refused, beside a status that still counts (or has just ended). */}
      {v.request && v.request.status !== v.status ? (
        <p class="student-status" data-testid="student-request" data-status={v.request.status}>
          {statusText(s, v.request.status, v)}
        </p>
      ) : null}
      {otherCountry ? <p data-testid="student-other-country">{t(s, 'student.status.otherCountry')}</p> : null}
      {v.offer ? <OfferBlock strings={s} offer={v.offer} onChange={() => status.reload()} /> : null}
      {v.canStart ? <VerifyForms strings={s} view={v} onDone={(next) => (status.data.value = next)} /> : null}
    </section>
  );
}

/** This semester's student coupon: its rule, its window and where the shopper stands with it. */
function OfferBlock({ strings: s, offer, onChange }: { strings: Strings; offer: StudentOffer; onChange: () => void }) {
  const message = useSignal('');
  const claim = useSubmit(() => studentApi.claim(), { strings: s, error: message, onSuccess: onChange });
  return (
    <section class="student-offer" data-testid="student-offer" data-state={offer.state}>
      <h3>{t(s, 'student.offer.title')}</h3>
      <p data-testid="student-offer-rule">{studentRule(offer, s)}</p>
      <p>{t(s, 'student.offer.until', { date: day(offer.endsAt) })}</p>
      {offer.state === 'locked' ? <p>{t(s, 'student.offer.locked')}</p> : null}
      {offer.state === 'available' ? (
        <button
          type="button"
          class="button button--primary"
          disabled={claim.busy.value}
          onClick={() => void claim.run()}
          data-testid="student-claim"
        >
          {t(s, 'student.offer.claim')}
        </button>
      ) : null}
      {offer.state === 'claimed' ? (
        <p data-testid="student-claimed">
          {t(s, 'student.offer.claimed')} <a href={storePath('product-list/phones/')}>{t(s, 'student.offer.shop')}</a>
        </p>
      ) : null}
      {offer.state === 'used' ? <p>{t(s, 'student.offer.used')}</p> : null}
      <p role="alert" class="form-message">
        {message.value}
      </p>
    </section>
  );
}

/** Verification by school address (where the country lists school domains) and by document. */
function VerifyForms({
  strings: s,
  view,
  onDone,
}: {
  strings: Strings;
  view: StudentStatusView;
  onDone: (v: StudentStatusView) => void;
}) {
  const email = useSignal('');
  const school = useSignal('');
  const files = useSignal<UploadMeta[]>([]);
  const emailMessage = useSignal('');
  const documentMessage = useSignal('');
  const sendLink = useSubmit((address: string) => studentApi.email(address), {
    strings: s,
    error: emailMessage,
    onSuccess: onDone,
  });
  const sendDocument = useSubmit((body: { schoolName: string; documentIds: string[] }) => studentApi.document(body), {
    strings: s,
    error: documentMessage,
    onSuccess: onDone,
  });
  const renewing = view.status === 'verified' || view.status === 'expired';
  return (
    <div class="student-verify" data-testid="student-verify">
      <h3>{t(s, renewing ? 'student.renew' : 'student.verify')}</h3>
      <p>{t(s, 'student.intro')}</p>
      <form
        class="student-form"
        noValidate
        data-testid="student-email-form"
        onSubmit={(e) => {
          e.preventDefault();
          void sendLink.run(email.value.trim());
        }}
      >
        <h4>{t(s, 'student.email.title')}</h4>
        {view.emailAvailable ? (
          <>
            <div class="field">
              <label for="student-email">{t(s, 'student.email.label')}</label>
              <input
                id="student-email"
                type="email"
                autocomplete="email"
                maxLength={254}
                value={email.value}
                onInput={(e) => (email.value = (e.target as HTMLInputElement).value)}
                data-testid="student-email"
              />
              {view.emailSuffixes.length > 0 ? (
                <small>{t(s, 'student.email.hint', { suffixes: view.emailSuffixes.join(', ') })}</small>
              ) : null}
            </div>
            <button type="submit" class="button" disabled={sendLink.busy.value} data-testid="student-email-send">
              {t(s, 'student.email.send')}
            </button>
          </>
        ) : (
          <p>{t(s, 'student.email.unavailable')}</p>
        )}
        <p role="alert" class="form-message" data-testid="student-email-message">
          {emailMessage.value}
        </p>
      </form>
      <form
        class="student-form"
        noValidate
        data-testid="student-document-form"
        onSubmit={(e) => {
          e.preventDefault();
          void sendDocument.run({ schoolName: school.value.trim(), documentIds: files.value.map((f) => f.id) });
        }}
      >
        <h4>{t(s, 'student.document.title')}</h4>
        <div class="field">
          <label for="student-school">{t(s, 'student.document.school')}</label>
          <input
            id="student-school"
            maxLength={120}
            value={school.value}
            onInput={(e) => (school.value = (e.target as HTMLInputElement).value)}
            data-testid="student-school"
          />
        </div>
        <div class="field">
          <label for="student-files">{t(s, 'student.document.files')}</label>
          <small>{t(s, 'student.document.hint')}</small>
          <UploadList
            id="student-files"
            testId="student-files"
            listTestId="student-uploaded"
            files={files}
            max={Math.min(view.maxFiles, UPLOAD_RULES.maxFiles)}
            accept=".jpg,.jpeg,.png,.pdf"
            refuse={(file) => fileRefusal(s, file)}
            texts={{
              tooMany: t(s, 'aftersales.error.tooManyFiles'),
              remove: t(s, 'business.form.remove'),
              failed: (e) => failureMessage(e, s) || t(s, 'aftersales.error.uploadFailed'),
            }}
            onMessage={(text) => (documentMessage.value = text)}
          />
        </div>
        <button
          type="submit"
          class="button button--primary"
          disabled={sendDocument.busy.value}
          data-testid="student-document-send"
        >
          {t(s, 'student.document.submit')}
        </button>
        <p role="alert" class="form-message" data-testid="student-document-message">
          {documentMessage.value}
        </p>
      </form>
    </div>
  );
}
