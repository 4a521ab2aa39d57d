import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { oneOf, t } from '../lib/strings';
import type { HostProps } from '../contract';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { signInUrl } from '../request';
import { isLoggedIn } from '../state/user';
import { CompanyStatus, companyStatus, loadAppState, notifyMessage } from '../state/app-state';
import { UPLOAD_RULES, type UploadMeta } from '../request/aftersales-api';
import { fileRefusal, UploadList } from './upload-list';
import { businessApi, type BusinessAccountView } from '../request/business-api';
import { dayOf } from '../lib/when';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const statusClass: Record<number, string> = { 1: 'pending', 2: 'none', 3: 'good', 4: 'rejected', 5: 'expired' };
const formatDay = (ms: number | null) => (ms ? dayOf(ms) : '');

/**
 * /business (section 'business', public): the signed-in user's status worded by the server (the company status: PENDING
 * under review within 3 working days, GOOD active until …, REJECTED with the reason, EXPIRED renew, BAD apply);
 * visitors keep the static apply button, which signs them in and leads to the application.
 */
export function BusinessStatus({ props }: { props: Props }) {
  const s = props.strings;
  const ready = useSignal(false);
  useEffect(() => {
    if (!isLoggedIn.value) return;
    void loadAppState(businessApi.state).then(() => (ready.value = true));
  }, []);
  const accountHref = storePath('business/account/');
  if (!isLoggedIn.value) {
    return (
      <div class="business-status business-status--none" data-testid="business-status">
        <p class="business-landing__promise">{t(s, 'business.landing.promise', { count: 3 })}</p>
        <p>
          <a class="button" href={signInUrl(accountHref)} data-testid="business-apply">
            {t(s, 'business.landing.apply')}
          </a>
        </p>
      </div>
    );
  }
  if (!ready.value) return <p>{t(s, 'common.loading')}</p>;
  const status = companyStatus.value;
  const action =
    status === CompanyStatus.GOOD
      ? t(s, 'business.account.shop')
      : status === CompanyStatus.BAD
        ? t(s, 'business.landing.apply')
        : status === CompanyStatus.REJECTED
          ? t(s, 'business.account.reapply')
          : status === CompanyStatus.EXPIRED
            ? t(s, 'business.account.renew')
            : t(s, 'business.landing.account');
  return (
    <div
      class={`business-status business-status--${statusClass[status] ?? 'none'}`}
      data-testid="business-status"
      data-status={status}
    >
      <p role="status" data-testid="business-status-message">
        {notifyMessage.value}
      </p>
      <p>
        <a
          class="button"
          href={status === CompanyStatus.GOOD ? storePath('business/cart/') : accountHref}
          data-testid="business-status-action"
        >
          {action}
        </a>
      </p>
    </div>
  );
}

/** /business/account: the account and its status, or the application form (BAD, REJECTED and EXPIRED may apply). */
export function BusinessAccount({ props }: { props: Props }) {
  const s = props.strings;
  const account = useResource(() => businessApi.account(), { strings: s });
  const view = account.data;
  const error = account.error;
  const applying = useSignal(false);
  const v = view.value;
  if (!v) return <p role={error.value ? 'alert' : undefined}>{error.value || t(s, 'common.loading')}</p>;
  const a = v.account;
  const canApply =
    v.status === CompanyStatus.BAD || v.status === CompanyStatus.REJECTED || v.status === CompanyStatus.EXPIRED;
  return (
    <section class="business-account" data-testid="business-account" data-status={v.status}>
      <h2>{t(s, 'business.account.title')}</h2>
      <p
        class={`business-status business-status--${statusClass[v.status] ?? 'none'}`}
        role="status"
        data-testid="business-account-message"
      >
        <strong>{t(s, `business.state.${v.status}`)}</strong> {v.message}
      </p>
      {a ? (
        <dl class="business-account__facts">
          <dt>{t(s, 'business.account.company')}</dt>
          <dd data-testid="business-account-company">{a.companyName}</dd>
          {v.taxFields.map((f) => (
            <>
              <dt>{f.label}</dt>
              <dd>{a.tax[f.key] ?? ''}</dd>
            </>
          ))}
          <dt>{t(s, 'business.account.applied')}</dt>
          <dd>{formatDay(a.createdAt)}</dd>
          {a.validUntil ? (
            <>
              <dt>{t(s, 'business.account.validUntil')}</dt>
              <dd>{formatDay(a.validUntil)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {v.status === CompanyStatus.GOOD ? (
        <p>
          <a class="button button--primary" href={storePath('business/cart/')}>
            {t(s, 'business.account.shop')}
          </a>
        </p>
      ) : null}
      {canApply && !applying.value ? (
        <p>
          <button
            type="button"
            class="button button--primary"
            data-testid="business-start"
            onClick={() => (applying.value = true)}
          >
            {v.status === CompanyStatus.REJECTED
              ? t(s, 'business.account.reapply')
              : v.status === CompanyStatus.EXPIRED
                ? t(s, 'business.account.renew')
                : t(s, 'business.account.apply')}
          </button>
        </p>
      ) : null}
      {canApply && applying.value ? (
        <ApplicationForm
          strings={s}
          view={v}
          onDone={(next) => {
            applying.value = false;
            view.value = next;
          }}
        />
      ) : null}
    </section>
  );
}

/** The field errors the server names (business.field.* in the catalogue); another reads as `format`. */
const FIELD_ERRORS = ['required', 'length', 'format', 'state', 'tooMany', 'invalid'] as const;

function ApplicationForm({
  strings: s,
  view,
  onDone,
}: {
  strings: Strings;
  view: BusinessAccountView;
  onDone: (v: BusinessAccountView) => void;
}) {
  const prev = view.account;
  const values = useSignal<Record<string, string>>({
    companyName: prev?.companyName ?? '',
    street: prev?.address['street'] ?? '',
    city: prev?.address['city'] ?? '',
    state: prev?.address['state'] ?? '',
    postalCode: prev?.address['postalCode'] ?? '',
    contactName: prev?.contact['name'] ?? '',
    email: prev?.contact['email'] ?? '',
    phone: prev?.contact['phone'] ?? '',
    ...Object.fromEntries(view.taxFields.map((f) => [f.key, prev?.tax[f.key] ?? ''])),
  });
  const files = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const application = useSubmit((body: Parameters<typeof businessApi.apply>[0]) => businessApi.apply(body), {
    strings: s,
    error: message,
    onSuccess: onDone,
    onFailure: (f) => (errors.value = f.fields),
  });
  const busy = application.busy;
  const set = (key: string, value: string) => (values.value = { ...values.value, [key]: value });
  const fieldError = (key: string) => {
    const code = errors.value[key];
    if (!code) return null;
    return (
      <small class="field__error" id={`business-${key}-error`}>
        {t(s, `business.field.${oneOf(FIELD_ERRORS, code, 'format')}`)}
      </small>
    );
  };
  const input = (key: string, label: string, attrs: Record<string, unknown> = {}) => (
    <div class="field" key={key}>
      <label for={`business-${key}`}>{label} *</label>
      <input
        id={`business-${key}`}
        name={key}
        value={values.value[key] ?? ''}
        aria-invalid={errors.value[key] ? 'true' : undefined}
        aria-describedby={errors.value[key] ? `business-${key}-error` : undefined}
        onInput={(e) => set(key, (e.target as HTMLInputElement).value)}
        {...attrs}
      />
      {fieldError(key)}
    </div>
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    const v = values.value;
    const local: Record<string, string> = {};
    for (const key of [
      'companyName',
      'street',
      'city',
      'state',
      'postalCode',
      'contactName',
      'email',
      'phone',
      ...view.taxFields.map((f) => f.key),
    ])
      if (!v[key]?.trim()) local[key] = 'required';
    if (v['email']?.trim() && !/^[\w-]+(\.[\w-]+)*@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}$/.test(v['email'].trim()))
      local['email'] = 'format';
    if (files.value.length === 0) local['documentIds'] = 'required';
    errors.value = local;
    if (Object.keys(local).length > 0) {
      message.value = t(s, 'business.error.invalid');
      return;
    }
    await application.run({
      companyName: v['companyName']!,
      address: { street: v['street']!, city: v['city']!, state: v['state']!, postalCode: v['postalCode']! },
      contact: { name: v['contactName']!, email: v['email']!, phone: v['phone']! },
      tax: Object.fromEntries(view.taxFields.map((f) => [f.key, v[f.key] ?? ''])),
      documentIds: files.value.map((f) => f.id),
    });
  };
  return (
    <form class="business-form" onSubmit={(e) => void submit(e)} noValidate data-testid="business-form">
      <h3>{t(s, 'business.form.title')}</h3>
      {input('companyName', t(s, 'business.form.companyName'), { maxLength: 100, autocomplete: 'organization' })}
      <fieldset>
        {input('street', t(s, 'business.form.street'), { maxLength: 200, autocomplete: 'street-address' })}
        {input('city', t(s, 'business.form.city'), { maxLength: 80, autocomplete: 'address-level2' })}
        {input('state', t(s, 'business.form.state'), { maxLength: 80, autocomplete: 'address-level1' })}
        {input('postalCode', t(s, 'business.form.postalCode'), { maxLength: 10, autocomplete: 'postal-code' })}
      </fieldset>
      <fieldset>
        {input('contactName', t(s, 'business.form.contactName'), { maxLength: 50, autocomplete: 'name' })}
        {input('email', t(s, 'business.form.email'), { type: 'email', maxLength: 100, autocomplete: 'email' })}
        {input('phone', t(s, 'business.form.phone'), { type: 'tel', maxLength: 20, autocomplete: 'tel' })}
      </fieldset>
      <fieldset>
        <legend>{t(s, 'business.form.tax')}</legend>
        {view.taxFields.map((f) => input(f.key, f.label, { maxLength: 60, autocomplete: 'off', spellcheck: false }))}
      </fieldset>
      <div class="field">
        <label for="business-documents">{t(s, 'business.form.documents')} *</label>
        <small>{t(s, 'business.form.documentsHint')}</small>
        <UploadList
          id="business-documents"
          testId="business-documents"
          listTestId="business-uploaded"
          files={files}
          max={UPLOAD_RULES.maxFiles}
          accept=".jpg,.jpeg,.png,.pdf"
          refuse={(file) => fileRefusal(s, file)}
          texts={{
            tooMany: t(s, 'business.field.tooMany'),
            remove: t(s, 'business.form.remove'),
            failed: (e) => failureMessage(e, s),
          }}
          onMessage={(text) => (message.value = text)}
          invalid={!!errors.value['documentIds']}
        />
        {fieldError('documentIds')}
      </div>
      <p role="alert" class="form-message" data-testid="business-form-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={busy.value} data-testid="business-submit">
        {t(s, 'business.form.submit')}
      </button>
    </form>
  );
}
