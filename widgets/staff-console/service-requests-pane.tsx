import { useComputed, useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import {
  aftersalesApi,
  stateKey,
  type RequestEvent,
  type RequestState,
  type ServiceRequest,
  type UploadMeta,
} from '../request/aftersales-api';
import type { ReturnDetail, StaffReturnStep } from '../request/returns-api';
import { ReturnActions } from './return-actions';
import { ClaimPolicy } from './claim-policy';

type Strings = Record<string, string> | undefined;
const label = (s: Strings, state: RequestState) => t(s, stateKey(state));

/** Service requests for staff: the open ones, a request's device, issue, proof and schedule, and its next states. */
export function ServiceRequestsPane({ strings: s }: { strings: Strings }) {
  const open = useSignal<{
    request: ServiceRequest;
    events: RequestEvent[];
    uploads: UploadMeta[];
    nextStates: RequestState[];
    return: ReturnDetail | null;
    returnSteps: StaffReturnStep[];
  } | null>(null);
  const noteText = useSignal('');
  const message = useSignal('');
  const requests = useResource(() => aftersalesApi.staffList(), { strings: s, error: message });
  const list = useComputed(() => requests.data.value ?? []);
  const choose = async (id: string) => {
    try {
      open.value = await aftersalesApi.detail(id);
    } catch (e) {
      message.value = failureMessage(e, s);
    }
  };
  const advance = useSubmit(
    (id: string, state: RequestState) => aftersalesApi.staffAdvance(id, state, noteText.value.trim()).then(() => id),
    {
      strings: s,
      error: message,
      onSuccess: async (id) => {
        noteText.value = '';
        await choose(id);
        await requests.reload();
      },
    },
  );
  const move = async (state: RequestState) => {
    const current = open.value;
    if (current) await advance.run(current.request.id, state);
  };
  const d = open.value;
  return (
    <div class="console-pane console-pane--split" data-testid="console-service-requests">
      <ul class="console-list">
        {list.value.length === 0 ? <li>{t(s, 'console.noRequests')}</li> : null}
        {list.value.map((r) => (
          <li key={r.id} data-request={r.requestNo}>
            <button type="button" aria-pressed={d?.request.id === r.id} onClick={() => void choose(r.id)}>
              {r.requestNo} · {r.productName} · {label(s, r.state)} · {when(r.updatedAt)}
            </button>
          </li>
        ))}
      </ul>
      {d ? (
        <section class="console-detail" data-testid="console-request" data-state={d.request.state}>
          <h3>
            {d.request.requestNo} · {label(s, d.request.state)}
          </h3>
          <p>
            {d.request.kind} · {d.request.model} · {d.request.imei ? `IMEI ${d.request.imei}` : d.request.serial} ·{' '}
            {d.request.purchaseDate}
          </p>
          <p>{d.request.description}</p>
          {d.request.kind === 'claim' ? <ClaimPolicy requestId={d.request.id} strings={s} /> : null}
          <p>
            {d.uploads.map((u) => (
              <a key={u.id} href={aftersalesApi.fileUrl(u.id)} download={u.fileName}>
                {u.fileName}{' '}
              </a>
            ))}
          </p>
          <ol>
            {d.events.map((e) => (
              <li key={`${e.at}-${e.state}`}>
                {label(s, e.state)} · {when(e.at)} {e.note ? `— ${e.note}` : ''}
              </li>
            ))}
          </ol>
          {d.return ? (
            <ReturnActions
              id={d.request.id}
              detail={d.return}
              steps={d.returnSteps}
              strings={s}
              onDone={async () => {
                await choose(d.request.id);
                await requests.reload();
              }}
            />
          ) : null}
          {d.nextStates.length > 0 ? (
            <div class="form-actions">
              <label for="console-request-note">{t(s, 'console.note')}</label>
              <input
                id="console-request-note"
                maxLength={500}
                value={noteText.value}
                onInput={(e) => (noteText.value = (e.target as HTMLInputElement).value)}
              />
              {d.nextStates.map((state) => (
                <button
                  type="button"
                  class="button"
                  key={state}
                  onClick={() => void move(state)}
                  data-testid={`console-move-${state}`}
                >
                  {t(s, 'console.moveTo', { state: label(s, state) })}
                </button>
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      <p role="alert">{message.value}</p>
    </div>
  );
}
