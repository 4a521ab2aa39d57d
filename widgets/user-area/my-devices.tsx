import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { dayOf, when } from '../lib/when';
import type { HostProps } from '../contract';
import { devicesApi, type Device } from '../request/devices-api';
import { dayLabel, warrantyText } from '../lib/device-texts';
import { imeiProblem } from '../request/trade-in-api';
import { kindKey, stateKey, type UploadMeta } from '../request/aftersales-api';
import { RequestUploads } from './upload-list';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const CSS =
  `
.my-devices{display:grid;gap:1.25rem;max-inline-size:48rem}
.my-devices__list{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.my-devices__item{border:1px solid var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:1rem;` +
  `display:grid;gap:.5rem}
.my-devices__item h3{margin:0}
.my-devices dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
.my-devices dd{margin:0}
.my-devices [data-status=in_warranty]{color:#2e7d32;font-weight:700}
.my-devices [data-status=expired]{color:#c62828}
.my-devices form{display:grid;gap:.75rem}
.my-devices fieldset{border:1px solid var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:1rem;` +
  `display:grid;gap:.75rem}
`;

/** The unit's protection plan: where it stands, its cover, and the claim form while it covers. */
function Protection({ s, p }: { s: Strings; p: NonNullable<Device['protection']> }) {
  return (
    <>
      <dt>{t(s, 'insurance.title')}</dt>
      <dd data-testid="device-protection" data-state={p.state}>
        {t(s, `insurance.state.${camel(p.state)}`)}
        {p.startsAt && p.endsAt
          ? ` · ${t(s, 'insurance.policy.covered', { from: dayOf(p.startsAt), until: dayOf(p.endsAt) })}`
          : ''}
        {p.canClaim ? (
          <>
            {' · '}
            <a href={storePath(`support/aftersales/apply/?kind=claim&policyId=${p.policyId}`)}>
              {t(s, 'insurance.policy.claim')}
            </a>
          </>
        ) : null}
      </dd>
    </>
  );
}

/** One device: its numbers, where it came from, its warranty, its service history, and what can be done with it. */
function DeviceCard({
  s,
  d,
  local,
  onRemove,
}: {
  s: Strings;
  d: Device;
  /** The storefront's country: its repair form takes devices of this country only. */
  local: string;
  onRemove: (d: Device) => void;
}) {
  return (
    <li class="my-devices__item" data-testid="device" data-imei={d.imei ?? ''} data-verification={d.verification}>
      <h3>
        {d.model} {d.spec}
      </h3>
      <dl>
        {d.imei ? (
          <>
            <dt>{t(s, 'aftersales.imei')}</dt>
            <dd translate={false}>{d.imei}</dd>
          </>
        ) : null}
        {d.serial ? (
          <>
            <dt>{t(s, 'aftersales.serial')}</dt>
            <dd translate={false}>{d.serial}</dd>
          </>
        ) : null}
        <dt>{t(s, 'device.origin')}</dt>
        <dd>
          {d.orderId ? (
            <a href={storePath(`user/order/${d.orderId}/`)}>{t(s, 'device.bought', { order: d.orderId })}</a>
          ) : (
            t(s, 'device.registered', { date: d.purchaseDate ? dayLabel(d.purchaseDate) : '' })
          )}
        </dd>
        <dt>{t(s, 'device.warranty')}</dt>
        <dd data-testid="device-warranty" data-status={d.warranty?.status ?? d.verification}>
          {warrantyText(s, d)}
        </dd>
        {d.protection ? <Protection s={s} p={d.protection} /> : null}
        <dt>{t(s, 'device.service')}</dt>
        <dd data-testid="device-service">
          {d.service.length === 0 ? (
            t(s, 'device.service.none')
          ) : (
            <ul>
              {d.service.map((r) => (
                <li key={r.id}>
                  <a href={storePath(`support/aftersales/apply/${r.id}/`)}>
                    {t(s, 'aftersales.requestNo', { no: r.requestNo })}
                  </a>{' '}
                  · {t(s, kindKey(r.kind))} · {t(s, stateKey(r.state))} · {when(r.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p class="form-actions">
        {d.verification === 'verified' && d.country === local ? (
          <a class="button" href={storePath(`support/aftersales/apply/?deviceId=${d.id}`)}>
            {t(s, 'device.repair')}
          </a>
        ) : null}{' '}
        {d.verification === 'rejected' ? null : (
          <button type="button" class="button button--secondary" onClick={() => onRemove(d)}>
            {t(s, 'device.remove')}
          </button>
        )}
      </p>
    </li>
  );
}

/** The registration of a unit bought elsewhere: model, IMEI or serial, purchase date and proof, checked by staff. */
function RegisterForm({ s, onDone }: { s: Strings; onDone: () => void }) {
  const productId = useSignal('');
  const kind = useSignal<'imei' | 'serial'>('imei');
  const number = useSignal('');
  const purchaseDate = useSignal('');
  const files = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const models = useResource(() => devicesApi.models().then((r) => r.models), { strings: s, error: message }).data;
  const registration = useSubmit(() => devicesApi.register(body()), {
    strings: s,
    error: message,
    onSuccess: () => {
      productId.value = number.value = purchaseDate.value = '';
      files.value = [];
      message.value = t(s, 'device.register.sent');
      onDone();
    },
    onFailure: (f) => (errors.value = f.fields),
  });
  const body = () => ({
    productId: productId.value,
    ...(kind.value === 'imei' ? { imei: number.value } : { serial: number.value }),
    purchaseDate: purchaseDate.value,
    uploadIds: files.value.map((f) => f.id),
  });
  const submit = (e: Event) => {
    e.preventDefault();
    // The same checks as the server's, so a typo shows before anything is sent.
    const typed = number.value.trim();
    const numberFault = !typed ? 'required' : kind.value === 'imei' ? imeiProblem(typed) : null;
    const found: [string, string][] = [];
    if (!productId.value) found.push(['productId', t(s, 'device.error.product')]);
    if (numberFault) found.push([kind.value, t(s, `device.error.imei.${numberFault}`)]);
    if (!purchaseDate.value) found.push(['purchaseDate', t(s, 'device.error.purchaseDate')]);
    if (files.value.length === 0) found.push(['uploadIds', t(s, 'device.error.proof')]);
    errors.value = Object.fromEntries(found);
    if (found.length > 0) return void (message.value = found[0]![1]);
    void registration.run();
  };
  const invalid = (field: string) => (errors.value[field] ? 'true' : undefined);
  return (
    <form noValidate onSubmit={submit} data-testid="device-register">
      <fieldset>
        <legend>{t(s, 'device.register.title')}</legend>
        <p>{t(s, 'device.register.intro')}</p>
        <div class="field">
          <label for="device-model">{t(s, 'aftersales.model')} *</label>
          <select
            id="device-model"
            value={productId.value}
            aria-invalid={invalid('productId')}
            onChange={(e) => (productId.value = (e.target as HTMLSelectElement).value)}
          >
            <option value="">{t(s, 'tradeIn.choose')}</option>
            {(models.value ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field" role="radiogroup" aria-label={t(s, 'aftersales.deviceId')}>
          {(['imei', 'serial'] as const).map((k) => (
            <label class="choice" key={k}>
              <input type="radio" name="device-kind" checked={kind.value === k} onChange={() => (kind.value = k)} />
              {t(s, k === 'imei' ? 'aftersales.imei' : 'aftersales.serial')}
            </label>
          ))}
        </div>
        <div class="field">
          <label for="device-number">{t(s, kind.value === 'imei' ? 'aftersales.imei' : 'aftersales.serial')} *</label>
          <input
            id="device-number"
            name={kind.value}
            inputMode={kind.value === 'imei' ? 'numeric' : 'text'}
            autoComplete="off"
            maxLength={30}
            value={number.value}
            aria-invalid={invalid(kind.value)}
            aria-describedby="device-number-hint"
            onInput={(e) => (number.value = (e.target as HTMLInputElement).value)}
          />
          <small id="device-number-hint">{t(s, 'warrantyCheck.hint')}</small>
        </div>
        <div class="field">
          <label for="device-date">{t(s, 'aftersales.purchaseDate')} *</label>
          <input
            id="device-date"
            type="date"
            value={purchaseDate.value}
            aria-invalid={invalid('purchaseDate')}
            onInput={(e) => (purchaseDate.value = (e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field" aria-invalid={invalid('uploadIds')}>
          <label for="device-files">{t(s, 'aftersales.proof')} *</label>
          <RequestUploads prefix="device" files={files} strings={s} onMessage={(text) => (message.value = text)} />
        </div>
        <p role="alert" class="form-message" data-testid="device-register-message">
          {message.value}
        </p>
        <button type="submit" class="button button--primary" disabled={registration.busy.value}>
          {t(s, 'device.register.submit')}
        </button>
      </fieldset>
    </form>
  );
}

/**
 * /user/my-device: the account's devices (shipped with their numbers, or registered and checked by staff) with their
 * warranty and service history, a repair request for each, removal, and the registration of another device.
 */
export function MyDevices({ props }: { props: Props }) {
  adoptStyles('my-devices', CSS);
  const s = props.strings;
  const message = useSignal('');
  const list = useResource(() => devicesApi.list().then((r) => r.devices), { strings: s, error: message });
  const removal = useSubmit((id: string) => devicesApi.remove(id), {
    strings: s,
    error: message,
    onSuccess: () => list.reload(),
  });
  const remove = (d: Device) => {
    if (confirm(t(s, 'device.removeConfirm', { model: d.model }))) void removal.run(d.id);
  };
  const devices = list.data.value;
  return (
    <section class="my-devices" data-testid="my-devices">
      <h2>{t(s, 'device.title')}</h2>
      <p>{t(s, 'device.intro')}</p>
      <p role="alert">{message.value}</p>
      {!devices ? (
        <p>{t(s, 'common.loading')}</p>
      ) : devices.length === 0 ? (
        <p data-testid="devices-none">{t(s, 'device.none')}</p>
      ) : (
        <ul class="my-devices__list">
          {devices.map((d) => (
            <DeviceCard key={d.id} s={s} d={d} local={props.local} onRemove={remove} />
          ))}
        </ul>
      )}
      <RegisterForm s={s} onDone={() => void list.reload()} />
    </section>
  );
}
