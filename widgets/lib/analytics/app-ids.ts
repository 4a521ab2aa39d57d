/** The app's own instance and session ids, as its bridge gives them (null: not in the app, or no answer). */
export type AppIds = { instanceId: string; sessionId: string } | null;

let source: (() => Promise<AppIds>) | null = null;

/**
 * Names where the tracker asks for the app's ids inside the app (the app bridge wires itself here). Kept in the
 * islands' core, so the bridge can call it before the tracker has loaded.
 */
export function setAppIds(next: () => Promise<AppIds>): void {
  source = next;
}

/** The app's ids, or null when no source is set, it fails, or it answers nothing. */
export function readAppIds(): Promise<AppIds> {
  return source ? source().catch(() => null) : Promise.resolve(null);
}
