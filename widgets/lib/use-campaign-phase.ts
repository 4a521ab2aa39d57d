import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { serverNow } from '../request/server-time';
import {
  campaignPhase,
  msToNextTick,
  nextBoundary,
  secondsUntil,
  type CampaignPhase,
  type CampaignWindow,
} from './campaign-window';

export interface CampaignClock {
  phase: CampaignPhase;
  /** Seconds to the next boundary (the start while upcoming, the end while live); null when none follows. */
  secondsLeft: number | null;
}

/** Where a window stands at server time `now`. */
export function campaignClock(w: CampaignWindow, now: number): CampaignClock {
  const boundary = nextBoundary(w, now);
  return { phase: campaignPhase(w, now), secondsLeft: boundary === null ? null : secondsUntil(boundary, now) };
}

/**
 * The live phase of a window on the server's clock: re-renders each second of its countdown and exactly at its
 * boundaries, so "starts in" turns into the live state at zero without a reload.
 */
export function useCampaignPhase(w: CampaignWindow, now: () => number = serverNow): CampaignClock {
  const clock = useSignal(campaignClock(w, now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = now();
      clock.value = campaignClock(w, at);
      const wait = msToNextTick(w, at);
      if (wait !== null) timer = setTimeout(tick, wait);
    };
    tick();
    return () => clearTimeout(timer);
  }, [w.startsAt, w.endsAt]);
  return clock.value;
}
