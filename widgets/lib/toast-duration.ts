/** A toast shows at least 3000 ms, otherwise message length / 50 seconds, unless a duration is given. */
export const TOAST_MIN_MS = 3_000;
export const TOAST_TRANSITION_MS = 500;

export function toastDuration(message: string, given?: number): number {
  if (given !== undefined && given > 0) return given;
  return Math.max(TOAST_MIN_MS, (message.length / 50) * 1000);
}
