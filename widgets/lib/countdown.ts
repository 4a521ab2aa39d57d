/** Countdown types. */
export const COUNTDOWN_TYPES = [
  'timeWithDays',
  'timeWithDaysIcon',
  'timeWithoutDays',
  'timeWithoutDaysAndHours',
  'seconds',
  'secondsWithText',
] as const;
export type CountdownType = (typeof COUNTDOWN_TYPES)[number];
export const COUNTDOWN_TICK_MS = 1000;

/** Countdown time: seconds left, or a finish time with the request and server times it was read at (ms). */
export type CountdownTime = number | { finishTime: number; requestTime?: number; serverTime?: number };

/**
 * Seconds left at client time `now`. With serverTime the remaining time is measured on the server's clock:
 * finishTime − (serverTime + time passed since requestTime), so a wrong device clock does not matter.
 */
export function secondsLeft(time: CountdownTime, now: number, startedAt: number, serverNow?: number): number {
  if (typeof time === 'number') return Math.max(0, Math.ceil(time - (now - startedAt) / 1000));
  const elapsed = now - (time.requestTime ?? startedAt);
  const serverAtNow = time.serverTime !== undefined ? time.serverTime + elapsed : (serverNow ?? now);
  return Math.max(0, Math.ceil((time.finishTime - serverAtNow) / 1000));
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Splits seconds for a type: the largest unit of the type absorbs the rest (hours may exceed 23 without days). */
export function countdownParts(total: number, type: CountdownType): CountdownParts {
  const s = Math.max(0, Math.floor(total));
  switch (type) {
    case 'timeWithDays':
    case 'timeWithDaysIcon':
      return {
        days: Math.floor(s / 86400),
        hours: Math.floor((s % 86400) / 3600),
        minutes: Math.floor((s % 3600) / 60),
        seconds: s % 60,
      };
    case 'timeWithoutDays':
      return { days: 0, hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
    case 'timeWithoutDaysAndHours':
      return { days: 0, hours: 0, minutes: Math.floor(s / 60), seconds: s % 60 };
    case 'seconds':
    case 'secondsWithText':
      return { days: 0, hours: 0, minutes: 0, seconds: s };
  }
}

/**
 * The text of a countdown. `labels` fills timeWithDaysIcon/secondsWithText (`{d}`, `{s}` placeholders).
 * @example formatCountdown(90061, 'timeWithDays') → '01:01:01:01'
 */
export function formatCountdown(
  total: number,
  type: CountdownType,
  labels: { days?: string; seconds?: string } = {},
): string {
  const p = countdownParts(total, type);
  switch (type) {
    case 'timeWithDays':
      return `${pad(p.days)}:${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
    case 'timeWithDaysIcon':
      return (
        `${(labels.days ?? '{d}d').replace('{d}', String(p.days))} ` +
        `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`
      );
    case 'timeWithoutDays':
      return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
    case 'timeWithoutDaysAndHours':
      return `${pad(p.minutes)}:${pad(p.seconds)}`;
    case 'seconds':
      return String(p.seconds);
    case 'secondsWithText':
      return (labels.seconds ?? '{s}s').replace('{s}', String(p.seconds));
  }
}

export interface CountdownOptions {
  time: CountdownTime;
  onTick: (secondsLeft: number) => void;
  onFinish?: () => void;
  now?: () => number;
  serverNow?: () => number;
}

/** Ticks every 1000 ms until zero, then calls onFinish once; returns stop. */
export function startCountdown({ time, onTick, onFinish, now = Date.now, serverNow }: CountdownOptions): () => void {
  const startedAt = now();
  let finished = false;
  const tick = () => {
    const left = secondsLeft(time, now(), startedAt, serverNow?.());
    onTick(left);
    if (left <= 0 && !finished) {
      finished = true;
      clearInterval(timer);
      onFinish?.();
    }
  };
  const timer = setInterval(tick, COUNTDOWN_TICK_MS);
  tick();
  return () => clearInterval(timer);
}
