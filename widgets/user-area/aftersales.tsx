import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { isLoggedIn } from '../state/user';
import {
  aftersalesApi,
  kindKey,
  REQUEST_KINDS,
  stateKey,
  type RequestEvent,
  type RequestKind,
  type RequestState,
  type ServiceRequest,
  type UploadMeta,
} from '../request/aftersales-api';
import { RequestUploads } from './upload-list';
import { deviceLabel, devicesApi } from '../request/devices-api';
import { ReturnForm, returnOrderFromLocation } from './return-form';
import { ReturnStatus } from './return-status';
import { ClaimForm } from './claim-form';
import { DescriptionField } from './description-field';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const stateLabel = (s: Strings, state: RequestState) => t(s, stateKey(state));
/** The request id of /support/aftersales/apply/{id}/ (or ?id=). */
function requestIdFromLocation(): string | null {
  const q = new URLSearchParams(location.search).get('id');
  if (q && /^\d{1,18}$/.test(q)) return q;
  const m = /\/aftersales\/apply\/(\d{1,18})\/?$/.exec(location.pathname);
  return m?.[1] ?? null;
}

/** The schedule of a request: each state with its time and the staff note. */
function Schedule({ events, strings: s }: { events: RequestEvent[]; strings: Strings }) {
  return (
    <ol class="service-schedule" data-testid="service-schedule">
      {events.map((e) => (
        <li key={`${e.at}-${e.state}`} data-state={e.state}>
          <strong>{stateLabel(s, e.state)}</strong> · <time dateTime={new Date(e.at).toISOString()}>{when(e.at)}</time>
          {e.note ? <span> — {e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * /support/aftersales/apply: choose a product of a paid order, the kind of service, the device (IMEI or serial),
 * the issue (6–300 characters) and proof of purchase (jpg, jpeg, png, pdf; at most 5; each under 10 MB).
 * /support/aftersales/apply/{id} shows one request.
 */
export function AftersalesApply({ props }: { props: Props }) {
  const id = requestIdFromLocation();
  if (id) return <RequestDetail props={props} id={id} />;
  // A return names lines and quantities of one delivered order (the order page's "Return items" opens it).
  if (new URLSearchParams(location.search).get('kind') === 'return')
    return <ReturnForm strings={props.strings} orderId={returnOrderFromLocation()} />;
  // A claim names a device insurance policy that covers now (the policy's "File a claim" opens it).
  if (new URLSearchParams(location.search).get('kind') === 'claim') return <ClaimForm strings={props.strings} />;
  return <ApplyForm props={props} />;
}

/** The device of /support/aftersales/apply/?deviceId= (My devices' "request a repair"), or ''. */
const deviceFromLocation = () =>
  /^\d{1,18}$/.exec(new URLSearchParams(location.search).get('deviceId') ?? '')?.[0] ?? '';

function ApplyForm({ props }: { props: Props }) {
  const s = props.strings;
  const chosen = useSignal('');
  const deviceId = useSignal(deviceFromLocation());
  const kind = useSignal<RequestKind>('repair');
  const deviceKind = useSignal<'imei' | 'serial'>('imei');
  const number = useSignal('');
  const model = useSignal('');
  const purchaseDate = useSignal('');
  const description = useSignal('');
  const files = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const lines = useResource(() => aftersalesApi.products().then((r) => r.lines), { strings: s, error: message }).data;
  // The shopper's checked devices of this country: choosing one fills the numbers, model and order line.
  const devices = useResource(
    () =>
      devicesApi
        .list()
        .then((r) => r.devices.filter((d) => d.verification === 'verified' && d.country === props.local)),
    { strings: s, error: message },
  ).data;
  const application = useSubmit((body: Parameters<typeof aftersalesApi.apply>[0]) => aftersalesApi.apply(body), {
    strings: s,
    error: message,
    onSuccess: (made) => {
      location.assign(storePath(`support/aftersales/apply/${made.id}/`));
      return untilTheNextPage();
    },
    onFailure: (f) => (errors.value = f.fields),
  });
  const busy = application.busy;
  if (!lines.value || !devices.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (lines.value.length === 0 && devices.value.length === 0)
    return <p data-testid="aftersales-apply">{t(s, 'aftersales.noProducts')}</p>;
  const device = devices.value.find((d) => d.id === deviceId.value);
  const pickDevice = (id: string) => {
    deviceId.value = id;
    const d = devices.value!.find((x) => x.id === id);
    if (!d) return;
    model.value = d.model;
    purchaseDate.value = d.purchaseDate ?? d.deliveredOn ?? purchaseDate.value;
    // A device bought elsewhere has no order here to exchange against.
    if (!d.orderId) kind.value = 'repair';
  };
  if (device && !model.value) pickDevice(device.id);
  const choose = (key: string) => {
    chosen.value = key;
    const line = lines.value!.find((l) => `${l.orderId}:${l.commodityId}` === key);
    if (line) {
      model.value = line.name;
      purchaseDate.value = line.paidAt ? new Date(line.paidAt).toISOString().slice(0, 10) : '';
    }
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const line = lines.value!.find((l) => `${l.orderId}:${l.commodityId}` === chosen.value);
    const local: Record<string, string> = {};
    if (!line && !device) local['product'] = 'required';
    const text = description.value.trim();
    if (text.length < 6 || text.length > 300) local['description'] = 'length';
    if (!device && !number.value.trim()) local[deviceKind.value] = 'required';
    if (files.value.length === 0) local['uploadIds'] = 'required';
    errors.value = local;
    if (Object.keys(local).length > 0) {
      message.value = t(s, 'aftersales.error.fields');
      return;
    }
    const what = device
      ? { deviceId: device.id }
      : {
          orderId: line!.orderId,
          commodityId: line!.commodityId,
          ...(deviceKind.value === 'imei' ? { imei: number.value } : { serial: number.value }),
        };
    await application.run({
      ...what,
      kind: kind.value,
      model: model.value,
      purchaseDate: purchaseDate.value,
      description: text,
      uploadIds: files.value.map((f) => f.id),
    });
  };
  const invalid = (name: string) => (errors.value[name] ? 'true' : undefined);
  return (
    <form class="aftersales-form" data-testid="aftersales-apply" onSubmit={submit} noValidate>
      {devices.value.length > 0 ? (
        <fieldset data-testid="aftersales-devices">
          <legend>{t(s, 'device.pick')}</legend>
          {devices.value.map((d) => (
            <label class="choice" key={d.id}>
              <input
                type="radio"
                name="device"
                value={d.id}
                checked={deviceId.value === d.id}
                onChange={() => pickDevice(d.id)}
              />
              <span>{deviceLabel(d)}</span>
            </label>
          ))}
          <label class="choice">
            <input type="radio" name="device" value="" checked={!device} onChange={() => (deviceId.value = '')} />
            {t(s, 'device.pick.other')}
          </label>
        </fieldset>
      ) : null}
      {device ? null : (
        <fieldset aria-invalid={invalid('product')}>
          <legend>{t(s, 'aftersales.product')}</legend>
          {lines.value.map((l) => {
            const key = `${l.orderId}:${l.commodityId}`;
            return (
              <label class="choice" key={key}>
                <input
                  type="radio"
                  name="product"
                  value={key}
                  checked={chosen.value === key}
                  disabled={!!l.openRequest}
                  onChange={() => choose(key)}
                />
                <span>
                  <strong>{l.name}</strong> {l.spec} · {t(s, 'order.number')} {l.orderId}
                  {l.openRequest ? ` · ${t(s, 'aftersales.openRequest', { no: l.openRequest })}` : ''}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <fieldset>
        <legend>{t(s, 'aftersales.kind')}</legend>
        {REQUEST_KINDS.map((k) => (
          <label class="choice" key={k}>
            <input
              type="radio"
              name="kind"
              value={k}
              checked={kind.value === k}
              disabled={!!device && !device.orderId && k !== 'repair'}
              onChange={() => (kind.value = k)}
            />
            {t(s, kindKey(k))}
          </label>
        ))}
      </fieldset>
      {kind.value === 'return' ? (
        <p data-testid="aftersales-return-link">
          <a
            class="button"
            href={storePath(
              `support/aftersales/apply/?kind=return${chosen.value ? `&orderId=${chosen.value.split(':')[0]}` : ''}`,
            )}
          >
            {t(s, 'returns.openForm')}
          </a>
        </p>
      ) : null}
      {kind.value === 'claim' ? (
        <p data-testid="aftersales-claim-link">
          <a class="button" href={storePath('support/aftersales/apply/?kind=claim')}>
            {t(s, 'insurance.policy.claim')}
          </a>
        </p>
      ) : null}
      {device ? (
        <p data-testid="aftersales-device-chosen">
          <strong>{t(s, 'aftersales.device')}</strong>: {deviceLabel(device)}
        </p>
      ) : (
        <fieldset>
          <legend>{t(s, 'aftersales.device')}</legend>
          <label class="choice">
            <input
              type="radio"
              name="deviceKind"
              checked={deviceKind.value === 'imei'}
              onChange={() => (deviceKind.value = 'imei')}
            />
            {t(s, 'aftersales.imei')}
          </label>
          <label class="choice">
            <input
              type="radio"
              name="deviceKind"
              checked={deviceKind.value === 'serial'}
              onChange={() => (deviceKind.value = 'serial')}
            />
            {t(s, 'aftersales.serial')}
          </label>
          <div class="field">
            <label for="aftersales-device">
              {deviceKind.value === 'imei' ? t(s, 'aftersales.imei') : t(s, 'aftersales.serial')} *
            </label>
            <input
              id="aftersales-device"
              name={deviceKind.value}
              inputMode={deviceKind.value === 'imei' ? 'numeric' : 'text'}
              maxLength={30}
              value={number.value}
              aria-invalid={invalid(deviceKind.value)}
              onInput={(e) => (number.value = (e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="aftersales-model">{t(s, 'aftersales.model')} *</label>
            <input
              id="aftersales-model"
              name="model"
              maxLength={100}
              value={model.value}
              aria-invalid={invalid('model')}
              onInput={(e) => (model.value = (e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="aftersales-date">{t(s, 'aftersales.purchaseDate')} *</label>
            <input
              id="aftersales-date"
              name="purchaseDate"
              type="date"
              value={purchaseDate.value}
              aria-invalid={invalid('purchaseDate')}
              onInput={(e) => (purchaseDate.value = (e.target as HTMLInputElement).value)}
            />
          </div>
        </fieldset>
      )}
      {device ? (
        <div class="field">
          <label for="aftersales-date">{t(s, 'aftersales.purchaseDate')} *</label>
          <input
            id="aftersales-date"
            name="purchaseDate"
            type="date"
            value={purchaseDate.value}
            aria-invalid={invalid('purchaseDate')}
            onInput={(e) => (purchaseDate.value = (e.target as HTMLInputElement).value)}
          />
        </div>
      ) : null}
      <DescriptionField
        id="aftersales-description"
        label={t(s, 'aftersales.description')}
        value={description}
        invalid={invalid('description')}
      />
      <div class="field" aria-invalid={invalid('uploadIds')}>
        <label for="aftersales-files">{t(s, 'aftersales.proof')} *</label>
        <RequestUploads prefix="aftersales" files={files} strings={s} onMessage={(text) => (message.value = text)} />
      </div>
      <p role="alert" class="form-message" data-testid="aftersales-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={busy.value} data-testid="aftersales-submit">
        {t(s, 'aftersales.submit')}
      </button>
    </form>
  );
}

function RequestDetail({ props, id }: { props: Props; id: string }) {
  const s = props.strings;
  const message = useSignal('');
  const detail = useResource(() => aftersalesApi.detail(id), { strings: s, error: message });
  const data = detail.data;
  const cancel = useSubmit((requestId: string) => aftersalesApi.cancel(requestId), {
    strings: s,
    error: message,
    onSuccess: () => void detail.reload(),
  });
  const d = data.value;
  if (!d) return <p role="alert">{message.value || t(s, 'common.loading')}</p>;
  const r = d.request;
  return (
    <article class="service-request" data-testid="service-request" data-state={r.state}>
      <h2>
        {t(s, 'aftersales.requestNo', { no: r.requestNo })} · {stateLabel(s, r.state)}
      </h2>
      <dl class="order-amounts">
        <dt>{t(s, 'aftersales.kind')}</dt>
        <dd>{t(s, kindKey(r.kind))}</dd>
        <dt>{t(s, 'aftersales.product')}</dt>
        <dd>
          {r.productName}
          {r.orderId ? (
            <>
              {' · '}
              <a href={storePath(`user/order/${r.orderId}/`)}>{r.orderId}</a>
            </>
          ) : null}
        </dd>
        {d.return ? null : (
          <>
            <dt>{t(s, 'aftersales.device')}</dt>
            <dd>
              {r.model} · {r.imei ? `IMEI ${r.imei}` : r.serial}
            </dd>
          </>
        )}
        {r.description ? (
          <>
            <dt>{t(s, 'aftersales.description')}</dt>
            <dd>{r.description}</dd>
          </>
        ) : null}
        <dt>{t(s, 'aftersales.proof')}</dt>
        <dd>
          {d.uploads.map((u) => (
            <a key={u.id} href={aftersalesApi.fileUrl(u.id)} download={u.fileName}>
              {u.fileName}{' '}
            </a>
          ))}
        </dd>
      </dl>
      {d.return ? <ReturnStatus detail={d.return} strings={s} display={props.priceDisplay} /> : null}
      <Schedule events={d.events} strings={s} />
      {r.state === 'submitted' || (d.return && r.state === 'pickup_scheduled') ? (
        <button type="button" class="button button--secondary" onClick={() => void cancel.run(r.id)}>
          {t(s, 'aftersales.cancel')}
        </button>
      ) : null}
      {(r.state === 'completed' || r.state === 'rejected') && !r.feedback ? (
        <p>
          <a class="button" href={storePath(`support/aftersales/applylist/feedback/?id=${r.id}`)}>
            {t(s, 'aftersales.giveFeedback')}
          </a>
        </p>
      ) : null}
      <p role="alert">{message.value}</p>
    </article>
  );
}

/** /support/aftersales/applylist: the user's requests with their states. */
export function AftersalesList({ props }: { props: Props }) {
  const s = props.strings;
  const requests = useResource(() => aftersalesApi.list(), { strings: s });
  const list = requests.data;
  const message = requests.error;
  if (!list.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  return (
    <section data-testid="aftersales-list">
      <p>
        <a class="button" href={storePath('support/aftersales/apply/')}>
          {t(s, 'aftersales.new')}
        </a>
      </p>
      {list.value.length === 0 ? <p>{t(s, 'aftersales.none')}</p> : null}
      <ul>
        {list.value.map((r) => (
          <li key={r.id} data-request={r.requestNo} data-state={r.state}>
            <a href={storePath(`support/aftersales/apply/${r.id}/`)}>{r.requestNo}</a> · {r.productName} ·{' '}
            {t(s, kindKey(r.kind))} · <strong>{stateLabel(s, r.state)}</strong> · {when(r.updatedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /support/aftersales/applylist/feedback?id=: feedback (50–500 characters) on a finished request. */
export function AftersalesFeedback({ props }: { props: Props }) {
  const s = props.strings;
  const id = requestIdFromLocation();
  const text = useSignal('');
  const message = useSignal('');
  const done = useSignal(false);
  const feedback = useSubmit((requestId: string) => aftersalesApi.feedback(requestId, text.value), {
    strings: s,
    error: message,
    onSuccess: () => {
      done.value = true;
      message.value = t(s, 'aftersales.feedbackThanks');
    },
  });
  if (!id) return <p role="alert">{t(s, 'aftersales.error.notFound')}</p>;
  const send = (e: Event) => {
    e.preventDefault();
    const length = text.value.trim().length;
    if (length < 50 || length > 500) return void (message.value = t(s, 'aftersales.error.feedbackLength'));
    void feedback.run(id);
  };
  return (
    <form data-testid="aftersales-feedback" onSubmit={send} noValidate>
      <div class="field">
        <label for="aftersales-feedback-text">{t(s, 'aftersales.feedback')}</label>
        <textarea
          id="aftersales-feedback-text"
          minLength={50}
          maxLength={500}
          rows={5}
          value={text.value}
          disabled={done.value}
          onInput={(e) => (text.value = (e.target as HTMLTextAreaElement).value)}
        />
        <small>{text.value.trim().length}/500</small>
      </div>
      <p role="status" class="form-message">
        {message.value}
      </p>
      {done.value ? null : (
        <button type="submit" class="button button--primary">
          {t(s, 'aftersales.sendFeedback')}
        </button>
      )}
    </form>
  );
}

/**
 * /support/service-progress: a repair's schedule by request number and IMEI/serial, or the signed-in user's requests.
 */
export function ServiceProgress({ props }: { props: Props }) {
  const s = props.strings;
  const number = useSignal(new URLSearchParams(location.search).get('requestNo') ?? '');
  const device = useSignal('');
  const found = useSignal<{ request: ServiceRequest; events: RequestEvent[] } | null>(null);
  const message = useSignal('');
  const mine = useSignal<ServiceRequest[]>([]);
  useEffect(() => {
    if (isLoggedIn.value)
      aftersalesApi.list().then(
        (r) => (mine.value = r),
        () => undefined,
      );
  }, []);
  const progress = useSubmit(() => aftersalesApi.progress(number.value.trim(), device.value.trim()), {
    strings: s,
    error: message,
    onSuccess: (r) => (found.value = r),
  });
  const look = (e: Event) => {
    e.preventDefault();
    found.value = null;
    return progress.run();
  };
  return (
    <section data-testid="service-progress">
      <form onSubmit={look} noValidate>
        <div class="field">
          <label for="progress-number">{t(s, 'aftersales.requestNumber')}</label>
          <input
            id="progress-number"
            name="requestNo"
            maxLength={20}
            value={number.value}
            onInput={(e) => (number.value = (e.target as HTMLInputElement).value.toUpperCase())}
          />
        </div>
        <div class="field">
          <label for="progress-device">{t(s, 'aftersales.deviceId')}</label>
          <input
            id="progress-device"
            name="device"
            maxLength={30}
            value={device.value}
            onInput={(e) => (device.value = (e.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" class="button">
          {t(s, 'aftersales.track')}
        </button>
      </form>
      <p role="alert">{message.value}</p>
      {found.value ? (
        <article data-testid="service-progress-result" data-state={found.value.request.state}>
          <h2>
            {found.value.request.requestNo} · {found.value.request.productName} ·{' '}
            {stateLabel(s, found.value.request.state)}
          </h2>
          <Schedule events={found.value.events} strings={s} />
        </article>
      ) : null}
      {mine.value.length > 0 ? (
        <>
          <h2>{t(s, 'aftersales.mine')}</h2>
          <ul>
            {mine.value.map((r) => (
              <li key={r.id}>
                <a href={storePath(`support/aftersales/apply/${r.id}/`)}>{r.requestNo}</a> · {r.productName} ·{' '}
                {stateLabel(s, r.state)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
