import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { storePath } from '../lib/store-path';
import { useResource } from '../lib/use-resource';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import type { UploadMeta } from '../request/aftersales-api';
import { insuranceApi } from '../request/insurance-api';
import { RequestUploads } from './upload-list';
import { DescriptionField } from './description-field';

type Strings = Record<string, string> | undefined;

/** The policy a claim link names (?policyId=), if any. */
const policyFromLocation = () => new URLSearchParams(location.search).get('policyId') ?? '';
/** Today as YYYY-MM-DD in the shopper's own time zone (the day they saw the damage). */
const localDay = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * /support/aftersales/apply/?kind=claim: a claim on a device insurance policy that covers now and has claims left
 * this year: the insured unit's IMEI, the day of the damage, what happened (6–300 characters) and 1–5 photos. It
 * becomes an after-sales request of kind claim, followed like a repair.
 */
export function ClaimForm({ strings: s }: { strings: Strings }) {
  const chosen = useSignal(policyFromLocation());
  const imei = useSignal('');
  const date = useSignal(localDay());
  const description = useSignal('');
  const files = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const policies = useResource(
    () =>
      insuranceApi.policies().then((all) => {
        const open = all.filter((p) => p.canClaim);
        const mine = open.find((p) => p.policyId === chosen.value) ?? open[0];
        if (mine) {
          chosen.value = mine.policyId;
          imei.value = mine.imei ?? '';
        }
        return open;
      }),
    { strings: s, error: message },
  ).data;
  const claim = useSubmit((body: Parameters<typeof insuranceApi.claim>[0]) => insuranceApi.claim(body), {
    strings: s,
    error: message,
    onSuccess: (made) => {
      location.assign(storePath(`support/aftersales/apply/${made.requestId}/`));
      return untilTheNextPage();
    },
    onFailure: (f) => (errors.value = f.fields),
  });
  if (!policies.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (policies.value.length === 0)
    return (
      <p data-testid="claim-form">
        {t(s, 'insurance.claim.none')} <a href={storePath('user/')}>{t(s, 'insurance.title')}</a>
      </p>
    );
  const submit = async (e: Event) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    const text = description.value.trim();
    if (!/^\d{15}$/.test(imei.value.replace(/[\s-]/g, ''))) local['imei'] = 'imei';
    if (text.length < 6 || text.length > 300) local['description'] = 'length';
    if (files.value.length === 0) local['uploadIds'] = 'required';
    errors.value = local;
    if (Object.keys(local).length > 0) {
      message.value = t(s, 'aftersales.error.fields');
      return;
    }
    await claim.run({
      policyId: chosen.value,
      imei: imei.value,
      incidentDate: date.value,
      description: text,
      uploadIds: files.value.map((f) => f.id),
    });
  };
  const invalid = (name: string) => (errors.value[name] ? 'true' : undefined);
  return (
    <form class="aftersales-form" data-testid="claim-form" onSubmit={submit} noValidate>
      <h2>{t(s, 'insurance.claim.title')}</h2>
      <fieldset>
        <legend>{t(s, 'insurance.claim.policy')}</legend>
        {policies.value.map((p) => (
          <label class="choice" key={p.policyId}>
            <input
              type="radio"
              name="policy"
              value={p.policyId}
              checked={chosen.value === p.policyId}
              onChange={() => {
                chosen.value = p.policyId;
                imei.value = p.imei ?? '';
              }}
            />
            <span>
              <strong>{p.productName}</strong> · {t(s, 'insurance.policy.number', { id: p.policyId })} ·{' '}
              {t(s, 'insurance.claim.left', { count: p.claimsPerYear - p.claimsInYear })}
            </span>
          </label>
        ))}
      </fieldset>
      <div class="field">
        <label for="claim-imei">{t(s, 'aftersales.imei')} *</label>
        <input
          id="claim-imei"
          name="imei"
          inputMode="numeric"
          maxLength={30}
          value={imei.value}
          aria-invalid={invalid('imei')}
          onInput={(e) => (imei.value = (e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="claim-date">{t(s, 'insurance.claim.date')} *</label>
        <input
          id="claim-date"
          name="incidentDate"
          type="date"
          max={localDay()}
          value={date.value}
          aria-invalid={invalid('incidentDate')}
          onInput={(e) => (date.value = (e.target as HTMLInputElement).value)}
        />
      </div>
      <DescriptionField
        id="claim-description"
        label={t(s, 'insurance.claim.description')}
        value={description}
        invalid={invalid('description')}
      />
      <div class="field" aria-invalid={invalid('uploadIds')}>
        <label for="claim-files">{t(s, 'insurance.claim.photos')} *</label>
        <RequestUploads prefix="claim" files={files} strings={s} onMessage={(text) => (message.value = text)} />
      </div>
      <p role="alert" class="form-message" data-testid="claim-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={claim.busy.value} data-testid="claim-submit">
        {t(s, 'insurance.claim.submit')}
      </button>
    </form>
  );
}
