/** Traffic source categories and channel labels. */
export type TrafficSource =
  | 'search'
  | 'social'
  | 'display'
  | 'referral'
  | 'direct'
  | 'affiliate'
  | 'other'
  | 'push/email';
export type Channel =
  | 'SEO'
  | 'Paid Search'
  | 'Organic Social'
  | 'Paid Social'
  | 'Direct'
  | 'Referral'
  | 'Display_Video'
  | 'Paid Affiliate'
  | 'Paid Other'
  | 'Others'
  | 'Push_Edm';

export interface UtmParams {
  utm_type?: string;
  utm_channel?: string;
  utm_campaign?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_term?: string;
  utm_content?: string;
}

export const UTM_KEYS = [
  'utm_type',
  'utm_channel',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_content',
] as const;

const SEARCH_HOSTS = /(^|\.)(google|bing|yahoo|yandex|baidu|duckduckgo|naver|daum|seznam|ecosia|sogou|so)\.[a-z.]+$/;
const SOCIAL_HOSTS =
  /(^|\.)(facebook|fb|instagram|twitter|x|t|linkedin|pinterest|reddit|vk|weibo|line|tiktok|youtube|whatsapp|telegram|snapchat)\.(com|me|co|ru|cn|me)$/;
const SEARCH_WORDS = /^(search|cpc|ppc|sem|paidsearch|paid_search|seo|organic)$/;
const SOCIAL_WORDS = /^(social|sns|social[-_]?media|paid[-_]?social|paidsocial)$/;
const DISPLAY_WORDS = /^(display|banner|cpm|video|programmatic|dsp|display[-_]?video)$/;
const AFFILIATE_WORDS = /^(affiliate|affiliates|aff|cps|kol)$/;
const PUSH_WORDS = /^(email|edm|e-mail|newsletter|push|sms|push[-_]?edm)$/;

/** Traffic is paid when utm_campaign is present and utm_type is not 0. */
export function isPaid(utm: UtmParams): boolean {
  return !!utm.utm_campaign && utm.utm_type !== '0';
}

function hostOf(referrer: string): string | null {
  try {
    return new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Which category the visit belongs to, from utm fields first, then the referrer host. */
export function trafficSource(utm: UtmParams, referrer: string, ownHost: string): TrafficSource {
  const words = [utm.utm_channel, utm.utm_medium].map((w) => (w ?? '').toLowerCase()).filter(Boolean);
  const has = (re: RegExp) => words.some((w) => re.test(w));
  if (has(PUSH_WORDS)) return 'push/email';
  if (has(SEARCH_WORDS)) return 'search';
  if (has(SOCIAL_WORDS)) return 'social';
  if (has(DISPLAY_WORDS)) return 'display';
  if (has(AFFILIATE_WORDS)) return 'affiliate';
  const host = hostOf(referrer);
  const external = host !== null && host !== ownHost.toLowerCase();
  if (external && SEARCH_HOSTS.test(host)) return 'search';
  if (external && SOCIAL_HOSTS.test(host)) return 'social';
  if (words.length > 0 || utm.utm_source || utm.utm_campaign) return 'other';
  if (external) return 'referral';
  return 'direct';
}

/** The channel label for a source and the paid flag. */
export function channelLabel(source: TrafficSource, paid: boolean): Channel {
  switch (source) {
    case 'search':
      return paid ? 'Paid Search' : 'SEO';
    case 'social':
      return paid ? 'Paid Social' : 'Organic Social';
    case 'display':
      return 'Display_Video';
    case 'affiliate':
      return 'Paid Affiliate';
    case 'push/email':
      return 'Push_Edm';
    case 'direct':
      return 'Direct';
    case 'referral':
      return 'Referral';
    case 'other':
      return paid ? 'Paid Other' : 'Others';
  }
}

export interface Classification {
  source: TrafficSource;
  channel: Channel;
  paid: boolean;
}

/** @example classifyTraffic({ utm_medium: 'cpc', utm_campaign: 'x' }, '', 'shop.test') → Paid Search */
export function classifyTraffic(utm: UtmParams, referrer: string, ownHost: string): Classification {
  const source = trafficSource(utm, referrer, ownHost);
  const paid = isPaid(utm);
  return { source, paid, channel: channelLabel(source, paid) };
}

/** The utm fields present in a query string. */
export function utmFromSearch(search: string): UtmParams {
  const q = new URLSearchParams(search);
  const out: UtmParams = {};
  for (const key of UTM_KEYS) {
    const v = q.get(key);
    if (v !== null && v !== '') out[key] = v;
  }
  return out;
}
