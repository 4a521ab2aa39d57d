/**
 * The customer-service line of each country: the phone number shoppers call, the days it answers, and the
 * e-mail reply promise. Hours and e-mail come from the region settings (serviceTimeLimit, serviceEmail); the
 * number and the days live here because the region schema has no field for them. Browser-safe.
 */
import { getRegionSettings } from '../region-config/index';
import { liveChatFor } from './live-chat';
import { EMAIL_REPLY_HOURS } from '../server/support/ticket-rules';

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

// The email reply promise is the support desk's own rule (the offline form promises it too): one value for both.
export { EMAIL_REPLY_HOURS };

const MON_FRI: readonly Weekday[] = [1, 2, 3, 4, 5];
const EVERY_DAY: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
/** The working week of countries whose weekend is Friday and Saturday. */
const SUN_THU: readonly Weekday[] = [7, 1, 2, 3, 4];

/**
 * Each country's phone line: [the number as printed in the country, the number to dial (E.164)]. The numbers are
 * the store's configured lines; an operator changes them here (the vn one is also in its footer's legal block).
 */
const PHONES: Readonly<Record<string, readonly [string, string]>> = {
  de: ['0800 589 2700', '+498005892700'],
  fr: ['0 805 98 27 00', '+33805982700'],
  es: ['900 83 27 00', '+34900832700'],
  it: ['800 78 27 00', '+39800782700'],
  uk: ['0800 169 2700', '+448001692700'],
  nl: ['0800 022 2700', '+318000222700'],
  pl: ['800 70 27 00', '+48800702700'],
  ru: ['8 800 775 27 00', '+78007752700'],
  th: ['1800 012 700', '+661800012700'],
  tr: ['0850 390 27 00', '+908503902700'],
  mx: ['800 953 2700', '+528009532700'],
  kr: ['080-270-2700', '+82802702700'],
  vn: ['1800 400 410', '+841800400410'],
  jp: ['0120-27-0027', '+81120270027'],
  cn: ['400-100-5678', '+864001005678'],
  hk: ['800 96 2700', '+852800962700'],
  tw: ['0800-027-000', '+886800027000'],
  in: ['1800 103 6286', '+9118001036286'],
  id: ['0800 1 402 700', '+628001402700'],
  my: ['1800 88 2700', '+601800882700'],
  sg: ['800 852 2700', '+658008522700'],
  co: ['01 8000 527 270', '+5718000527270'],
  pe: ['0800 78 270', '+5180078270'],
  us: ['1-800-270-2700', '+18002702700'],
  ua: ['0 800 50 27 00', '+380800502700'],
  ae: ['800 0320 2700', '+97180003202700'],
  be: ['0800 27 270', '+3280027270'],
  kh: ['023 270 270', '+85523270270'],
  kz: ['8 800 080 2700', '+78000802700'],
  ma: ['0800 00 27 00', '+212800002700'],
  sa: ['800 850 2700', '+9668008502700'],
  at: ['0800 270 270', '+43800270270'],
  pt: ['800 27 02 70', '+351800270270'],
  gr: ['800 11 27000', '+3080011270000'],
  cz: ['800 270 270', '+420800270270'],
  sk: ['0800 270 270', '+421800270270'],
  hu: ['06 80 270 270', '+3680270270'],
  ro: ['0800 270 270', '+40800270270'],
  bg: ['0800 12 700', '+35980012700'],
  hr: ['0800 2700', '+3858002700'],
  se: ['020-27 02 70', '+4620270270'],
  dk: ['80 27 02 70', '+4580270270'],
  fi: ['0800 27 0270', '+3588000270270'],
  no: ['800 27 027', '+4780027027'],
  ie: ['1800 27 02 70', '+3531800270270'],
  ch: ['0800 27 02 70', '+41800270270'],
  ph: ['1800 1 270 2700', '+63180012702700'],
  au: ['1800 270 270', '+611800270270'],
  nz: ['0800 270 270', '+64800270270'],
  cl: ['800 27 02 70', '+56800270270'],
  br: ['0800 027 2700', '+558000272700'],
  eg: ['0800 027 2700', '+208000272700'],
  ng: ['0800 270 2700', '+2348002702700'],
  za: ['0800 027 270', '+27800027270'],
  lk: ['011 227 0270', '+94112270270'],
  bd: ['09610 027 027', '+8809610027027'],
};

/** Countries whose line answers on other days than Monday to Friday. */
const DAYS: Readonly<Record<string, readonly Weekday[]>> = {
  cn: EVERY_DAY,
  ru: EVERY_DAY,
  sa: SUN_THU,
  eg: SUN_THU,
};

/** One country's customer-service line, as the contact blocks and the opening-hours answer show it. */
export interface ServiceLine {
  /** The number as printed in the country. */
  phone: string;
  /** The number for tel: links (E.164). */
  tel: string;
  email: string;
  /** IANA zone the hours are in (the capital's). */
  zone: string;
  /** Days the line answers; every other day is a day off. */
  days: readonly Weekday[];
  /** Local opening and closing time, HH:MM; a closing time at or before the opening time is on the next day. */
  opens: string;
  closes: string;
  replyHours: number;
  /** The live chat of the storefront, or null when it has none. */
  chatUrl: string | null;
}

/** The customer-service line of a storefront (country `local`, URL prefix `urlLocal`). */
export function serviceLineFor(local: string, urlLocal: string): ServiceLine {
  const region = getRegionSettings(local);
  const [opens = '09:00', closes = '18:00'] = region.serviceTimeLimit.split('-');
  const [phone, tel] = PHONES[local] ?? [region.phoneCode, region.phoneCode];
  const chat = liveChatFor(local, urlLocal);
  return {
    phone,
    tel,
    email: region.serviceEmail,
    zone: region.dayjsTimezone,
    days: DAYS[local] ?? MON_FRI,
    opens,
    closes,
    replyHours: EMAIL_REPLY_HOURS,
    chatUrl: chat.appId ? (chat.chatPageUrl ?? `/${urlLocal}/chat/`) : null,
  };
}

/** Countries with a configured phone line (a test checks every country has one). */
export const SERVICE_LINE_LOCALS: readonly string[] = Object.keys(PHONES);
