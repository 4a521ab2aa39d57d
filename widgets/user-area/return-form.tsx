import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { UPLOAD_RULES, type UploadMeta } from '../request/aftersales-api';
import { returnsApi, type ReturnReason } from '../request/returns-api';
import { fileRefusal, UploadList } from './upload-list';

type Strings = Record<string, string> | undefined;

/** The unit counts a line offers: none up to what it can still send back. */
const unitChoices = (most: number) => [...Array(most + 1).keys()];

/** The order a return form is for: ?orderId= of /support/aftersales/apply/?kind=return&orderId=…. */
export function returnOrderFromLocation(): string | null {
  const id = new URLSearchParams(location.search).get('orderId');
  return id && /^\d{1,18}$/.test(id) ? id : null;
}

/**
 * The after-sales form for a return: how many units of each delivered line go back (up to what is left within the
 * window), the reason, an optional note and photos (the upload rules). Sent, it opens the request's page.
 */
export function ReturnForm({ strings: s, orderId }: { strings: Strings; orderId: string | null }) {
  const units = useSignal<Record<number, number>>({});
  const reason = useSignal<ReturnReason | ''>('');
  const description = useSignal('');
  const files = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const returnable = useResource(() => (orderId ? returnsApi.returnable(orderId) : Promise.resolve(null)), {
    strings: s,
    error: message,
  }).data;
  const send = useSubmit((body: Parameters<typeof returnsApi.request>[0]) => returnsApi.request(body), {
    strings: s,
    error: message,
    onSuccess: (made) => {
      location.assign(storePath(`support/aftersales/apply/${made.id}/`));
      return untilTheNextPage();
    },
    onFailure: (f) => (errors.value = f.fields),
  });
  if (!orderId)
    return (
      <p data-testid="return-form">
        {t(s, 'returns.chooseOrder')} <a href={storePath('user/')}>{t(s, 'order.list')}</a>
      </p>
    );
  const r = returnable.value;
  if (!r) return <p role="alert">{message.value || t(s, 'common.loading')}</p>;
  const lines = r.lines.filter((l) => l.returnable > 0);
  if (lines.length === 0) return <p data-testid="return-form">{t(s, 'returns.nothingReturnable')}</p>;
  const submit = async (e: Event) => {
    e.preventDefault();
    const chosen = lines.map((l) => ({ lineNo: l.lineNo, quantity: units.value[l.lineNo] ?? 0 }));
    const picked = chosen.filter((l) => l.quantity > 0);
    const local: Record<string, string> = {};
    if (picked.length === 0) local['lines'] = 'required';
    if (!reason.value) local['reason'] = 'required';
    if (files.value.length === 0) local['uploadIds'] = 'required';
    errors.value = local;
    if (Object.keys(local).length > 0) return void (message.value = t(s, 'aftersales.error.fields'));
    await send.run({
      orderId,
      lines: picked,
      reason: reason.value as ReturnReason,
      description: description.value.trim(),
      uploadIds: files.value.map((f) => f.id),
    });
  };
  const invalid = (name: string) => (errors.value[name] ? 'true' : undefined);
  return (
    <form class="aftersales-form" data-testid="return-form" onSubmit={submit} noValidate>
      <p>{t(s, 'returns.intro')}</p>
      <fieldset aria-invalid={invalid('lines')}>
        <legend>
          {t(s, 'order.number')} {r.orderId}
        </legend>
        {lines.map((l) => (
          <div class="field" key={l.lineNo} data-line={l.lineNo}>
            <label for={`return-units-${l.lineNo}`}>
              <strong>{l.name}</strong> {l.spec} ·{' '}
              {t(s, 'returns.until', { date: l.deadline ? when(l.deadline) : '—' })}
            </label>
            <select
              id={`return-units-${l.lineNo}`}
              value={String(units.value[l.lineNo] ?? 0)}
              onChange={(e) =>
                (units.value = { ...units.value, [l.lineNo]: Number((e.target as HTMLSelectElement).value) })
              }
            >
              {unitChoices(l.returnable).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <div class="field">
        <label for="return-reason">{t(s, 'returns.reason')} *</label>
        <select
          id="return-reason"
          value={reason.value}
          aria-invalid={invalid('reason')}
          onChange={(e) => (reason.value = (e.target as HTMLSelectElement).value as ReturnReason)}
        >
          <option value="">{t(s, 'returns.chooseReason')}</option>
          {r.reasons.map((id) => (
            <option key={id} value={id}>
              {t(s, `returns.reason.${camel(id)}`)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="return-note">{t(s, 'returns.note')}</label>
        <textarea
          id="return-note"
          maxLength={300}
          rows={3}
          value={description.value}
          aria-invalid={invalid('description')}
          onInput={(e) => (description.value = (e.target as HTMLTextAreaElement).value)}
        />
      </div>
      <div class="field" aria-invalid={invalid('uploadIds')}>
        <label for="return-files">{t(s, 'returns.photos')} *</label>
        <UploadList
          id="return-files"
          testId="return-files"
          listTestId="return-uploaded"
          files={files}
          max={UPLOAD_RULES.maxFiles}
          accept=".jpg,.jpeg,.png,.pdf"
          refuse={(file) => fileRefusal(s, file)}
          texts={{
            tooMany: t(s, 'aftersales.error.tooManyFiles'),
            remove: t(s, 'giftCard.remove'),
            failed: (e) => failureMessage(e, s) || t(s, 'aftersales.error.uploadFailed'),
          }}
          onMessage={(text) => (message.value = text)}
        />
      </div>
      <p role="alert" class="form-message" data-testid="return-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={send.busy.value} data-testid="return-submit">
        {t(s, 'returns.submit')}
      </button>
    </form>
  );
}
