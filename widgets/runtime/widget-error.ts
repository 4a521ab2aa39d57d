import { reportError } from '../request/errsave';

export interface WidgetErrorDetail {
  name: string;
  error: unknown;
  /** Error code, e.g. MODULE_NOT_FOUND for a name outside the registry or a chunk that failed to load. */
  code: string;
}

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack?.slice(0, 2000) };
  return { message: String(error) };
}

/**
 * A widget failed: fire a cancelable, bubbling `widget:error` on its host; unless a listener cancels it,
 * report it to errsave. The caller keeps the server fallback in place.
 */
export function widgetFailed(host: HTMLElement, detail: WidgetErrorDetail): void {
  const event = new CustomEvent<WidgetErrorDetail>('widget:error', { detail, bubbles: true, cancelable: true });
  const notCancelled = host.dispatchEvent(event);
  if (notCancelled)
    reportError('error', `widget ${detail.name}: ${describeError(detail.error).message}`, {
      code: detail.code,
      widget: detail.name,
      ...describeError(detail.error),
    });
  console.error(`[store-widget] ${detail.name} failed`, detail.error);
}
