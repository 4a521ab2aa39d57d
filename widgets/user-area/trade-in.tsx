import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { money } from '../lib/money';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { goToSignIn } from '../request';
import { isLoggedIn } from '../state/user';
import type { HostProps } from '../contract';
import { deviceLabel, devicesApi } from '../request/devices-api';
import {
  daysAfter,
  imeiProblem,
  stateKey,
  tradeInApi,
  type TradeIn,
  type TradeInQuestionId,
  type TradeInProgramme,
  type TradeInTiming,
} from '../request/trade-in-api';
import { dayOf } from '../lib/when';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const CSS =
  `
.trade-in{display:grid;gap:1.25rem;max-inline-size:48rem}
.trade-in fieldset{border:1px solid var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:` +
  `1rem;display:grid;gap:.75rem}
.trade-in legend{font-weight:700;padding-inline:.25rem}
.trade-in fieldset fieldset{border:0;padding:0}
.trade-in__options{display:flex;flex-wrap:wrap;gap:.5rem 1rem}
.trade-in__result{padding:1rem;border-radius:var(--radius,8px);background:#f1f8e9}
.trade-in__result--none{background:#fff3e0}
.trade-in__list{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.trade-in__item{border:1px solid var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:1rem;` +
  `display:grid;gap:.5rem}
.trade-in__steps{margin:0;padding-inline-start:1.25rem;display:grid;gap:.25rem}
.trade-in__steps [aria-current]{font-weight:700}
.trade-in dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
.trade-in dd{margin:0}
`;

/** Answer ids are the trade-in snapshot's own (content/cross-file-rules.ts checks each has its catalogue label). */
const answerLabel = (s: Strings, question: TradeInQuestionId, answer: string) =>
  t(s, `tradeIn.answer.${question}.${answer}`);
const questionLabel = (s: Strings, question: TradeInQuestionId) => t(s, `tradeIn.question.${question}`);
const stateLabel = (s: Strings, state: TradeIn['state']) => t(s, stateKey(state));

/** The trade-in timing, shown wherever an exchange is made or followed. */
function Timing({ s, timing }: { s: Strings; timing: TradeInTiming }) {
  return (
    <section aria-labelledby="trade-in-timing" data-testid="trade-in-timing">
      <h2 id="trade-in-timing">{t(s, 'tradeIn.timing')}</h2>
      <ul>
        <li>{t(s, 'tradeIn.timing.pickup', { count: timing.pickupDays })}</li>
        <li>{t(s, 'tradeIn.timing.refund', { count: timing.refundDays })}</li>
        <li>{t(s, 'tradeIn.timing.rebate', { count: timing.rebateBusinessDays })}</li>
      </ul>
    </section>
  );
}

/** What an evaluation came to: the value and, per eligible new phone, its bonus, subsidy and what comes off it. */
function Estimate({ s, result, programme }: { s: Strings; result: TradeIn; programme: TradeInProgramme }) {
  const m = (minor: number) => money(minor, result.exponent);
  if (result.state === 'not_evaluated') {
    return (
      <section
        class="trade-in__result trade-in__result--none"
        role="status"
        data-testid="trade-in-result"
        data-state={result.state}
      >
        <h2>{t(s, 'tradeIn.result')}</h2>
        <p>{t(s, 'tradeIn.notEvaluated')}</p>
      </section>
    );
  }
  const names = new Map(programme.phones.map((p) => [p.productId, p]));
  return (
    <section class="trade-in__result" role="status" data-testid="trade-in-result" data-state={result.state}>
      <h2>{t(s, 'tradeIn.result')}</h2>
      <p>
        {result.brand} {result.model} · {result.storage} · {t(s, 'tradeIn.id', { id: result.id })}
      </p>
      <dl>
        <dt>{t(s, 'tradeIn.baseValue')}</dt>
        <dd>{m(result.baseValue)}</dd>
        <dt>{t(s, 'tradeIn.deductions')}</dt>
        <dd>−{m(result.baseValue - result.exchangeValue)}</dd>
        <dt>{t(s, 'tradeIn.exchangeValue')}</dt>
        <dd data-testid="trade-in-value">
          <strong>{m(result.exchangeValue)}</strong>
        </dd>
      </dl>
      <p>{t(s, 'tradeIn.validUntil', { date: dayOf(result.validUntil) })}</p>
      <table class="order-table">
        <caption>{t(s, 'tradeIn.phones')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(s, 'tradeIn.phone')}</th>
            <th scope="col">{t(s, 'tradeIn.bonus')}</th>
            <th scope="col">{t(s, 'tradeIn.subsidy')}</th>
            <th scope="col">{t(s, 'tradeIn.totalOff')}</th>
          </tr>
        </thead>
        <tbody>
          {result.offers.map((o) => {
            const phone = names.get(o.productId);
            // Never more than the phone costs (the checkout caps it the same way).
            const off = phone?.fromPrice != null ? Math.min(o.total, phone.fromPrice) : o.total;
            return (
              <tr key={o.productId} data-product={o.productId}>
                <th scope="row">
                  <a href={storePath(`product/${o.productId}/`)}>{phone?.name ?? o.productId}</a>
                </th>
                <td>{m(o.bonus)}</td>
                <td>{m(o.subsidy)}</td>
                <td>{m(off)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <a class="button" href={storePath('product-list/phones/')}>
          {t(s, 'tradeIn.choosePhone')}
        </a>
      </p>
    </section>
  );
}

/** The programme's model a device was sold as ("Xiaomi 13" is brand Xiaomi, model 13 or Xiaomi 13), if it has one. */
function sameModel(models: TradeInProgramme['models'], name: string) {
  const wanted = name.trim().toLowerCase();
  return models.find((m) => [m.model, `${m.brand} ${m.model}`].some((n) => n.trim().toLowerCase() === wanted));
}

/** /trade-in: choose the old device, answer the condition questions, enter the IMEI, see the exchange value. */
export function TradeInEvaluator({ props }: { props: Props }) {
  adoptStyles('trade-in', CSS);
  const s = props.strings;
  const brand = useSignal('');
  const modelId = useSignal('');
  const storage = useSignal('');
  const answers = useSignal<Record<string, string>>({});
  const imei = useSignal('');
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const result = useSignal<TradeIn | null>(null);
  const programme = useResource(() => tradeInApi.programme(), { strings: s, error: message }).data;
  // A signed-in shopper picks the old phone from their devices instead of typing its IMEI.
  const myPhones = useResource(
    () =>
      isLoggedIn.value
        ? devicesApi.list().then((r) => r.devices.filter((d) => d.imei && d.verification === 'verified'))
        : Promise.resolve([]),
    { strings: s },
  ).data;
  const evaluation = useSubmit(
    () =>
      tradeInApi.evaluate({ modelId: modelId.value, storage: storage.value, answers: answers.value, imei: imei.value }),
    {
      strings: s,
      error: message,
      onSuccess: (r) => (result.value = r),
      onFailure: (f) => (errors.value = Object.fromEntries(Object.keys(f.fields).map((k) => [k, f.message]))),
    },
  );
  const busy = evaluation.busy;
  const p = programme.value;
  if (!p) return <p role="status">{message.value || t(s, 'common.loading')}</p>;
  const brands = [...new Set(p.models.map((m) => m.brand))];
  const models = p.models.filter((m) => m.brand === brand.value);
  const model = p.models.find((m) => m.id === modelId.value);
  const invalid = (field: string) => (errors.value[field] ? true : undefined);

  const submit = async () => {
    if (!isLoggedIn.value) return goToSignIn();
    const found: Record<string, string> = {};
    if (!model) found['modelId'] = t(s, 'tradeIn.error.modelNotFound');
    if (!model?.storages.some((x) => x.storage === storage.value)) found['storage'] = t(s, 'tradeIn.error.storage');
    for (const q of p.questions) if (!answers.value[q.id]) found[q.id] = t(s, 'tradeIn.error.answers');
    const problem = imeiProblem(imei.value);
    if (problem)
      found['imei'] = problem === 'format' ? t(s, 'tradeIn.error.imeiFormat') : t(s, 'tradeIn.error.imeiInvalid');
    errors.value = found;
    if (Object.keys(found).length > 0) {
      message.value = Object.values(found)[0] ?? '';
      document.getElementById(`trade-in-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    await evaluation.run();
  };

  return (
    <section class="trade-in" data-testid="trade-in">
      <h2>{t(s, 'tradeIn.title')}</h2>
      <p>{t(s, 'tradeIn.intro')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend>{t(s, 'tradeIn.device')}</legend>
          <div class="field">
            <label for="trade-in-brand">{t(s, 'tradeIn.brand')}</label>
            <select
              id="trade-in-brand"
              value={brand.value}
              onChange={(e) => {
                brand.value = (e.target as HTMLSelectElement).value;
                modelId.value = '';
                storage.value = '';
              }}
            >
              <option value="">{t(s, 'tradeIn.choose')}</option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="trade-in-modelId">{t(s, 'tradeIn.model')}</label>
            <select
              id="trade-in-modelId"
              value={modelId.value}
              aria-invalid={invalid('modelId')}
              disabled={!brand.value}
              onChange={(e) => {
                modelId.value = (e.target as HTMLSelectElement).value;
                const only = p.models.find((m) => m.id === modelId.value)?.storages;
                storage.value = only?.length === 1 ? only[0]!.storage : '';
              }}
            >
              <option value="">{t(s, 'tradeIn.choose')}</option>
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.model}
                </option>
              ))}
            </select>
          </div>
          <fieldset id="trade-in-storage" tabIndex={-1} data-invalid={invalid('storage')}>
            <legend>{t(s, 'tradeIn.storage')}</legend>
            {errors.value['storage'] ? <p class="field__error">{errors.value['storage']}</p> : null}
            <div class="trade-in__options">
              {(model?.storages ?? []).map((x) => (
                <label key={x.storage} class="choice">
                  <input
                    type="radio"
                    name="trade-in-storage"
                    value={x.storage}
                    checked={storage.value === x.storage}
                    onChange={() => (storage.value = x.storage)}
                  />
                  {x.storage} · {money(x.baseValue, p.exponent)}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
        <fieldset>
          <legend>{t(s, 'tradeIn.condition')}</legend>
          {p.questions.map((q) => (
            <fieldset
              key={q.id}
              id={`trade-in-${q.id}`}
              tabIndex={-1}
              data-invalid={invalid(q.id)}
              data-question={q.id}
            >
              <legend>{questionLabel(s, q.id)}</legend>
              {errors.value[q.id] ? <p class="field__error">{errors.value[q.id]}</p> : null}
              <div class="trade-in__options">
                {q.options.map((o) => (
                  <label key={o.id} class="choice">
                    <input
                      type="radio"
                      name={`trade-in-${q.id}`}
                      value={o.id}
                      checked={answers.value[q.id] === o.id}
                      onChange={() => (answers.value = { ...answers.value, [q.id]: o.id })}
                    />
                    {answerLabel(s, q.id, o.id)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
        {myPhones.value && myPhones.value.length > 0 ? (
          <div class="field">
            <label for="trade-in-device">{t(s, 'device.pick')}</label>
            <select
              id="trade-in-device"
              data-testid="trade-in-devices"
              onChange={(e) => {
                const d = myPhones.value!.find((x) => x.id === (e.target as HTMLSelectElement).value);
                if (!d) return;
                imei.value = d.imei ?? '';
                const same = sameModel(p.models, d.model);
                if (same) {
                  brand.value = same.brand;
                  modelId.value = same.id;
                  storage.value = same.storages.length === 1 ? same.storages[0]!.storage : '';
                }
              }}
            >
              <option value="">{t(s, 'device.pick.other')}</option>
              {myPhones.value.map((d) => (
                <option key={d.id} value={d.id}>
                  {deviceLabel(d)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="field">
          <label for="trade-in-imei">{t(s, 'tradeIn.imei')}</label>
          <input
            id="trade-in-imei"
            name="imei"
            inputMode="numeric"
            autoComplete="off"
            maxLength={19}
            value={imei.value}
            aria-invalid={invalid('imei')}
            aria-describedby="trade-in-imei-hint"
            onInput={(e) => (imei.value = (e.target as HTMLInputElement).value)}
          />
          <small id="trade-in-imei-hint">{t(s, 'tradeIn.imeiHint')}</small>
        </div>
        <p class="form-message" role="alert" data-testid="trade-in-message">
          {message.value}
        </p>
        <p class="form-actions">
          <button type="submit" class="button" disabled={busy.value}>
            {isLoggedIn.value ? t(s, 'tradeIn.evaluate') : t(s, 'tradeIn.signIn')}
          </button>
        </p>
      </form>
      {result.value ? <Estimate s={s} result={result.value} programme={p} /> : null}
      <Timing s={s} timing={p.timing} />
    </section>
  );
}

function useMine(s: Strings) {
  const mine = useResource(() => tradeInApi.mine(), { strings: s });
  return { data: mine.data, message: mine.error, load: mine.reload };
}

/** /user/miexchange: the user's exchanges with their state and value; an evaluated one can be cancelled. */
export function MiExchange({ props }: { props: Props }) {
  adoptStyles('trade-in', CSS);
  const s = props.strings;
  const { data, message, load } = useMine(s);
  const cancelling = useSubmit((id: string) => tradeInApi.cancel(id), {
    strings: s,
    error: message,
    onSuccess: () => {
      message.value = t(s, 'tradeIn.cancelled');
      return load();
    },
  });
  const cancel = cancelling.run;
  if (!data.value) return <p role="status">{message.value || t(s, 'common.loading')}</p>;
  const list = data.value.tradeIns;
  return (
    <section class="trade-in" data-testid="miexchange">
      <h2>{t(s, 'tradeIn.mine')}</h2>
      <p role="status" data-testid="miexchange-message">
        {message.value}
      </p>
      {list.length === 0 ? <p>{t(s, 'tradeIn.none')}</p> : null}
      <ul class="trade-in__list">
        {list.map((x) => {
          const m = (minor: number) => money(minor, x.exponent);
          return (
            <li key={x.id} class="trade-in__item" data-trade-in={x.id} data-state={x.state}>
              <strong>
                {x.brand} {x.model} · {x.storage}
              </strong>
              <span>
                {t(s, 'tradeIn.id', { id: x.id })} · IMEI ···{x.imei.slice(-4)} ·{' '}
                <span data-testid="miexchange-state">{stateLabel(s, x.state)}</span>
              </span>
              {x.state === 'not_evaluated' ? null : (
                <dl>
                  <dt>{t(s, 'tradeIn.exchangeValue')}</dt>
                  <dd>{m(x.exchangeValue)}</dd>
                  {x.bonus !== null ? (
                    <>
                      <dt>{t(s, 'tradeIn.bonus')}</dt>
                      <dd>{m(x.bonus)}</dd>
                    </>
                  ) : null}
                  {x.subsidy !== null ? (
                    <>
                      <dt>{t(s, 'tradeIn.subsidy')}</dt>
                      <dd>{m(x.subsidy)}</dd>
                    </>
                  ) : null}
                </dl>
              )}
              {x.state === 'evaluated' ? (
                <span>{t(s, 'tradeIn.validUntil', { date: dayOf(x.validUntil) })}</span>
              ) : null}
              {x.orderId ? (
                <a href={storePath(`user/order/${x.orderId}/`)}>
                  {t(s, 'tradeIn.order', { id: x.orderId })}
                  {x.productName ? ` · ${x.productName}` : ''}
                </a>
              ) : null}
              {x.cancellable ? (
                <span class="form-actions">
                  <button
                    type="button"
                    class="button"
                    onClick={() => void cancel(x.id)}
                    aria-label={`${t(s, 'tradeIn.cancel')} ${x.id}`}
                  >
                    {t(s, 'tradeIn.cancel')}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p>
        <a href={storePath('trade-in/')}>{t(s, 'tradeIn.evaluateDevice')}</a>
      </p>
      <Timing s={s} timing={data.value.timing} />
    </section>
  );
}

const STEPS = ['redeemed', 'picked_up', 'assessed', 'closed'] as const;

/**
 * /support/trade-in/order: redeemed exchanges with their order, and where the old device is in pick-up and assessment.
 */
export function TradeInOrders({ props }: { props: Props }) {
  adoptStyles('trade-in', CSS);
  const s = props.strings;
  const { data, message } = useMine(s);
  if (!data.value) return <p role="status">{message.value || t(s, 'common.loading')}</p>;
  const timing = data.value.timing;
  const orders = data.value.tradeIns.filter((x) => x.orderId);
  return (
    <section class="trade-in" data-testid="trade-in-orders">
      <h2>{t(s, 'tradeIn.orders')}</h2>
      {orders.length === 0 ? <p>{t(s, 'tradeIn.ordersNone')}</p> : null}
      <ul class="trade-in__list">
        {orders.map((x) => {
          const m = (minor: number) => money(minor, x.exponent);
          const reached = {
            redeemed: x.redeemedAt,
            picked_up: x.pickedUpAt,
            assessed: x.assessedAt,
            closed: x.closedAt,
          };
          const current = [...STEPS].reverse().find((step) => reached[step] !== null) ?? 'redeemed';
          const labels = {
            redeemed: t(s, 'tradeIn.step.redeemed'),
            picked_up: t(s, 'tradeIn.step.pickedUp'),
            assessed: t(s, 'tradeIn.step.assessed'),
            closed: t(s, 'tradeIn.step.closed'),
          };
          // What is due next, by the trade-in timing: pick-up after delivery, money after assessment.
          const due = {
            redeemed: '',
            picked_up: t(s, 'tradeIn.timing.pickup', { count: timing.pickupDays }),
            assessed: '',
            closed: x.assessedAt
              ? `${dayOf(daysAfter(x.assessedAt, timing.refundDays))}`
              : t(s, 'tradeIn.timing.refund', { count: timing.refundDays }),
          };
          return (
            <li key={x.id} class="trade-in__item" data-trade-in={x.id} data-state={x.state}>
              <a href={storePath(`user/order/${x.orderId}/`)}>
                <strong>{t(s, 'tradeIn.order', { id: x.orderId! })}</strong>
              </a>
              <span>
                {x.brand} {x.model} · {x.storage} → {x.productName ?? ''} · {stateLabel(s, x.state)}
              </span>
              <dl>
                <dt>{t(s, 'tradeIn.exchangeValue')}</dt>
                <dd>{m(x.exchangeValue)}</dd>
                <dt>{t(s, 'tradeIn.bonus')}</dt>
                <dd>{m(x.bonus ?? 0)}</dd>
                <dt>{t(s, 'tradeIn.subsidy')}</dt>
                <dd>{m(x.subsidy ?? 0)}</dd>
              </dl>
              <ol class="trade-in__steps">
                {STEPS.map((step) => (
                  <li key={step} aria-current={step === current ? 'step' : undefined}>
                    {labels[step]}
                    {reached[step] !== null ? ` · ${dayOf(reached[step]!)}` : due[step] ? ` · ${due[step]}` : ''}
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
      <Timing s={s} timing={timing} />
    </section>
  );
}
