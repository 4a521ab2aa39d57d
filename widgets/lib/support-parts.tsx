import { camel, oneOf, t } from './strings';
import { failure, type Failure } from './failure';
import { GRIEVANCE_TYPES, REQUEST_TYPES, type Appointment, type TicketStatus } from '../request/support-api';
import type { ServiceKind } from '../../content/schemas/service-centres.schema';

export type Strings = Record<string, string> | undefined;

export const SUPPORT_CSS =
  `
.support-desk{display:grid;gap:1.25rem;max-inline-size:56rem}
.support-desk form{display:grid;gap:.75rem;max-inline-size:36rem}
.support-desk label{display:grid;gap:.25rem;font-weight:700}
.support-desk input,.support-desk select,.support-desk textarea{padding:.5rem;border:1px solid ` +
  `var(--color-line,#bdbdbd);border-radius:var(--radius,8px);min-block-size:44px}
.support-desk [aria-invalid=true]{border-color:#c62828}
.support-desk .field-error{color:#c62828;font-weight:400;font-size:.875rem}
.support-desk .hint{color:#555;font-weight:400;font-size:.875rem}
.support-desk button{min-block-size:44px;padding:.5rem 1rem;border-radius:var(--radius,8px);border:1px ` +
  `solid var(--color-text,#1a1a1a);background:#fff;cursor:pointer}
.support-desk button[type=submit],.support-desk .primary{background:var(--color-brand-dark,#c24e00);` +
  `border-color:var(--color-brand-dark,#c24e00);color:#fff}
.support-desk .notice{padding:1rem;border-radius:var(--radius,8px);background:#f1f8e9}
.support-desk [role=alert]{padding:.75rem 1rem;border-radius:var(--radius,8px);background:#ffebee}
.support-desk__list{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.support-desk__card{border:1px solid var(--color-line,#e0e0e0);border-radius:var(--radius,8px);padding:` +
  `1rem;display:grid;gap:.5rem}
.support-desk__card h3{margin:0;font-size:1rem}
.support-desk__thread{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
.support-desk__thread li{padding:.75rem 1rem;border-radius:var(--radius,8px);background:#f5f5f5;white-space:pre-wrap}
.support-desk__thread li[data-author=staff]{background:#fff3e0}
.support-desk__slots{display:flex;flex-wrap:wrap;gap:.5rem;border:0;padding:0}
.support-desk__slots label{display:inline-flex;align-items:center;gap:.25rem;font-weight:400;border:1px ` +
  `solid var(--color-line,#bdbdbd);border-radius:var(--radius,8px);padding:.25rem .5rem}
.support-desk dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
.support-desk dd{margin:0}
.support-desk__badge{display:inline-block;padding:.125rem .5rem;border-radius:999px;background:#eee;font-size:.875rem}
`;

export const statusLabel = (s: Strings, status: TicketStatus) => t(s, `supportDesk.status.${camel(status)}`);
export const stateLabel = (s: Strings, state: Appointment['state']) =>
  t(s, `supportDesk.appointment.state.${camel(state)}`);
export const serviceLabel = (s: Strings, service: ServiceKind) => t(s, `supportDesk.service.${service}`);
/** The server accepts only these types; an unknown one (an older ticket) reads as "other". */
export const requestTypeLabel = (s: Strings, kind: 'ticket' | 'grievance', type: string) =>
  kind === 'grievance'
    ? t(s, `supportDesk.grievanceType.${oneOf(GRIEVANCE_TYPES, type, 'other')}`)
    : t(s, `supportDesk.requestType.${oneOf(REQUEST_TYPES, type, 'other')}`);

const lang = () => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined);
export const dateTime = (ms: number) =>
  new Date(ms).toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
export const dateOnly = (ms: number) => new Date(ms).toLocaleDateString(lang(), { dateStyle: 'medium' });

/** The message of a field the server (or the form) marked, in the words of its rule. */
export function fieldMessage(
  s: Strings,
  problem: string | undefined,
  bounds: { min?: number; max?: number } = {},
): string | null {
  switch (problem) {
    case undefined:
      return null;
    case 'required':
      return t(s, 'supportDesk.field.required');
    case 'invalid':
      return t(s, 'supportDesk.field.email');
    case 'short':
      return t(s, 'supportDesk.field.short', { count: bounds.min ?? 1 });
    case 'long':
      return t(s, 'supportDesk.field.long', { count: bounds.max ?? 0 });
    case 'unknown':
      return t(s, 'supportDesk.field.choose');
    default:
      return t(s, 'supportDesk.error.form');
  }
}

export function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <span class="field-error" id={id}>
      {text}
    </span>
  ) : null;
}

export function Alert({ f }: { f: Failure | null }) {
  return f ? <p role="alert">{f.message}</p> : null;
}

export { failure, type Failure };
