import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import { dayjsLocales } from './dayjs-locales';
import { DEFAULT_TIMEZONE } from './defaults';
import type { DateFormatKey, RegionSettings } from './region.schema';

dayjs.extend(utc);
dayjs.extend(timezone);
// Thai formats count years in the Buddhist era (token BBBB).
dayjs.extend(buddhistEra);

/** Shown for a value that is not a date. */
export const INVALID_DATE = '---';

function toInstant(value: Date | number | string): dayjs.Dayjs | undefined {
  // Digit-only strings are epoch milliseconds (the API sends timestamps as strings in some payloads).
  const input = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof input === 'string' && input.trim() === '') return undefined;
  const parsed = dayjs.utc(input);
  return parsed.isValid() ? parsed : undefined;
}

// dayjs's tz() builds a new Intl formatter on every call (toLocaleString with a timeZone), which made date
// formatting about 4 % of the static build's render time; the same dates recur on thousands of pages.
const formatted = new Map<string, string>();
const FORMATTED_MAX = 10_000;

/**
 * Formats an instant in the country's time zone, with its dayjs locale and its own format string.
 * `lang` (a urlLocal such as 'be-nl' or a tag such as 'nl-BE') picks a language's locale and format overrides.
 * @example formatDate('2026-03-02T09:05:07Z', getRegionSettings('id'), 'dateTimeFormat') // "02-03-2026 16:05:07"
 */
export function formatDate(value: Date | number | string, region: RegionSettings, key: DateFormatKey, lang?: string): string {
  const instant = toInstant(value);
  if (!instant) return INVALID_DATE;
  const language = lang ? region.languages.find((l) => l.urlLocal === lang || l.lang === lang) : undefined;
  const pattern = language?.dateFormats?.[key] ?? region.dateFormats[key];
  const localeName = language?.dayjsLocal ?? region.dayjsLocal;
  const locale = dayjsLocales[localeName] ? localeName : 'en';
  const zone = region.dayjsTimezone || DEFAULT_TIMEZONE;
  const cacheKey = `${instant.valueOf()}|${zone}|${locale}|${pattern}`;
  let text = formatted.get(cacheKey);
  if (text === undefined) {
    text = instant.tz(zone).locale(locale).format(pattern);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(cacheKey, text);
  }
  return text;
}

