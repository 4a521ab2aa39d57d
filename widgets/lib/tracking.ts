import { TRACKING_COOKIE, writeCookie } from '../consent-gate';
import { classifyTraffic, utmFromSearch, type Classification, type UtmParams } from './traffic';

/** Tracking params as stored: utm fields, the last source and a per-tab session id. */
export interface TrackingParams extends UtmParams, Classification {
  sessionId: string;
  lastSource: string;
}

function sessionId(): string {
  try {
    let id = sessionStorage.getItem('store_session_id');
    if (!id) {
      id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      sessionStorage.setItem('store_session_id', id);
    }
    return id;
  } catch {
    return '';
  }
}

/** Classifies this visit and keeps it in the advertising-category cookie; the cookie helper refuses without consent. */
export function captureTracking(): TrackingParams | null {
  const utm = utmFromSearch(location.search);
  const c = classifyTraffic(utm, document.referrer, location.hostname);
  const params: TrackingParams = { ...utm, ...c, sessionId: sessionId(), lastSource: utm.utm_source ?? c.source };
  return writeCookie(TRACKING_COOKIE, JSON.stringify(params), { days: 30 }) ? params : null;
}
