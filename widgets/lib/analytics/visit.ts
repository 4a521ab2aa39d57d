/**
 * The visit: a random id this tab keeps while it is open (sessionStorage: not a cookie, not tied to an account, gone
 * with the tab), and the traffic channel the visit landed with, so its later pages report the landing's channel.
 * Written only while the tracker runs, which needs the analytical category; withdrawing consent removes it.
 */
import type { AnalyticsContext } from '../../../server/schemas/analytics';

export type Visit = { id: string } & Pick<AnalyticsContext, 'channel' | 'campaign'>;

const KEY = 'store_visit';

function stored(): Visit | null {
  try {
    const visit = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Visit | null;
    return visit?.id && visit.channel ? visit : null;
  } catch {
    return null;
  }
}

/** A page that carries no campaign and comes from no other site is a direct visit: no classifier needed. */
const landsDirect = (): boolean =>
  !/[?&]utm_/.test(location.search) && (!document.referrer || document.referrer.startsWith(location.origin));

/**
 * The landing's channel and campaign (utm_campaign, for paid traffic). The store's channel rules (lib/traffic.ts)
 * are a chunk of their own, fetched only on a visit's first page, and only when it came from a campaign or another
 * site: most pages of a visit never need them.
 */
async function landingChannel(): Promise<Pick<Visit, 'channel' | 'campaign'>> {
  if (landsDirect()) return { channel: 'Direct' };
  const { classifyTraffic, utmFromSearch } = await import(/* webpackChunkName: "traffic" */ '../traffic');
  const utm = utmFromSearch(location.search);
  const { channel, paid } = classifyTraffic(utm, document.referrer, location.hostname);
  return paid && utm.utm_campaign ? { channel, campaign: utm.utm_campaign.slice(0, 120) } : { channel };
}

/** This tab's visit, made and stored on its first tracked page. */
export async function openVisit(): Promise<Visit> {
  const known = stored();
  if (known) return known;
  const visit: Visit = {
    id: crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    ...(await landingChannel()),
  };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (a private window's quota): the visit lasts this page.
  }
  return visit;
}

/** Consent withdrawn: the visit id goes. */
export function forgetVisit(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
