import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import { dayjsLocales } from './dayjs-locales';
import { DEFAULT_TIMEZONE } from './defaults';
import type { DateFormatKey, RegionSettings } from './region.schema';

dayjs.extend(utc);
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

// The same dates recur on thousands of pages (a product's reviews on its web, app and iOS pages).
const formatted = new Map<string, string>();
const FORMATTED_MAX = 10_000;

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes `zone` is ahead of UTC at `epochMs`, from one cached Intl formatter per zone. dayjs's timezone plugin
 * built a new formatter on every call (toLocaleString with a timeZone) and parsed its output again: a quarter of
 * a product page's render in the static build.
 */
export function zoneOffsetMinutes(epochMs: number, zone: string): number {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    zoneClocks.set(zone, clock);
  }
  const wall: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of clock.formatToParts(epochMs)) wall[part.type] = part.value;
  const year = wall.era === 'BC' ? 1 - Number(wall.year) : Number(wall.year);
  const asUtc = new Date(0).setUTCFullYear(year, Number(wall.month) - 1, Number(wall.day));
  const wallMs = asUtc + ((Number(wall.hour) % 24) * 60 + Number(wall.minute)) * 60_000 + Number(wall.second) * 1000;
  return Math.round((wallMs - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/**
 * Formats an instant in the country's time zone, with its dayjs locale and its own format string.
 * `lang` (a urlLocal such as 'be-nl' or a tag such as 'nl-BE') picks a language's locale and format overrides.
 * @example formatDate('2026-03-02T09:05:07Z', getRegionSettings('id'), 'dateTimeFormat') // "02-03-2026 16:05:07"
 */
export function formatDate(
  value: Date | number | string,
  region: RegionSettings,
  key: DateFormatKey,
  lang?: string,
): string {
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
    const offset = zoneOffsetMinutes(instant.valueOf(), zone);
    // dayjs reads an offset of at most 16 as hours; no zone is ahead of or behind UTC by 1 to 16 minutes.
    text = instant.utcOffset(offset).locale(locale).format(pattern);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(cacheKey, text);
  }
  return text;
}
