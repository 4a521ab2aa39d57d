import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';
import { getRegionSettings, regionSettings } from './regions';
import { dateFormatKeys } from './region.schema';

// 2026-03-02 (a Monday) 22:30:45 UTC: the next day east of UTC+1:30, the same day west of it.
const INSTANT = '2026-03-02T22:30:45Z';
const MS = Date.UTC(2026, 2, 2, 22, 30, 45);

describe('formatDate', () => {
  it('formats in the region time zone with its format strings', () => {
    expect(formatDate(INSTANT, getRegionSettings('id'), 'dateTimeFormat')).toBe('03-03-2026 05:30:45');
    expect(formatDate(INSTANT, getRegionSettings('de'), 'dateTimeFormat')).toBe('02.03.2026 23:30:45');
    expect(formatDate(INSTANT, getRegionSettings('uk'), 'dateTimeFormat')).toBe('02/03/2026 22:30:45');
    expect(formatDate(INSTANT, getRegionSettings('us'), 'dateTimeFormat')).toBe('03/02/2026 05:30:45 PM');
    expect(formatDate(INSTANT, getRegionSettings('in'), 'dateTimeFormatNoSecond')).toBe('03/03/2026 04:00 AM');
    expect(formatDate(INSTANT, getRegionSettings('jp'), 'dateFormatOnlyDate')).toBe('2026/03/03');
    expect(formatDate(INSTANT, getRegionSettings('kr'), 'dateFormatOnlyDate')).toBe('2026. 03. 03.');
    expect(formatDate(INSTANT, getRegionSettings('pe'), 'dateTimeFormatNoYearSecond')).toBe('02/03 17:30');
  });

  it('writes Thai years in the Buddhist era and Danish/Finnish times with dots (CLDR)', () => {
    expect(formatDate(INSTANT, getRegionSettings('th'), 'dateTimeFormat')).toBe('03/03/2569 05:30:45');
    expect(formatDate(INSTANT, getRegionSettings('th'), 'dateFormatMonth')).toBe('มีนาคม 2569');
    expect(formatDate(INSTANT, getRegionSettings('fi'), 'dateTimeFormatNoSecond')).toBe('03.03.2026 00.30');
    expect(formatDate(INSTANT, getRegionSettings('hk'), 'dateFormatOnlyDate')).toBe('03/03/2026');
    expect(formatDate(INSTANT, getRegionSettings('hk'), 'dateFormatLongMDay')).toBe('3月3日');
  });

  it('follows daylight saving time', () => {
    expect(formatDate('2026-07-01T12:00:00Z', getRegionSettings('uk'), 'dateTimeFormatNoSecond')).toBe(
      '01/07/2026 13:00',
    );
    expect(formatDate('2026-01-01T12:00:00Z', getRegionSettings('uk'), 'dateTimeFormatNoSecond')).toBe(
      '01/01/2026 12:00',
    );
    expect(formatDate('2026-07-01T12:00:00Z', getRegionSettings('au'), 'dateTimeFormatNoSecond')).toBe(
      '01/07/2026 10:00 PM',
    );
    expect(formatDate('2026-01-01T12:00:00Z', getRegionSettings('au'), 'dateTimeFormatNoSecond')).toBe(
      '01/01/2026 11:00 PM',
    );
  });

  it('uses the dayjs locale for names', () => {
    expect(formatDate(INSTANT, getRegionSettings('de'), 'dateFormatDayWeek')).toBe('Montag, 2. März 2026');
    expect(formatDate(INSTANT, getRegionSettings('fr'), 'dateFormatLongMDay')).toBe('2 mars');
    expect(formatDate(INSTANT, getRegionSettings('es'), 'dateFormatMonth')).toBe('marzo de 2026');
    expect(formatDate(INSTANT, getRegionSettings('id'), 'dateFormatDayWeek')).toBe('Selasa, 3 Maret 2026');
    expect(formatDate(INSTANT, getRegionSettings('jp'), 'dateFormatDayWeek')).toBe('2026年3月3日(火)');
    expect(formatDate(INSTANT, getRegionSettings('cn'), 'dateFormatMonth')).toBe('2026年3月');
    expect(formatDate(INSTANT, getRegionSettings('ru'), 'dateFormatLongMDay')).toBe('3 марта');
    expect(formatDate(INSTANT, getRegionSettings('us'), 'dateFormatAbbrMDay')).toBe('Mar 2');
  });

  it('uses a language override when asked for one', () => {
    const be = getRegionSettings('be');
    expect(formatDate(INSTANT, be, 'dateFormatLongMDay')).toBe('2 mars');
    expect(formatDate(INSTANT, be, 'dateFormatLongMDay', 'be-nl')).toBe('2 maart');
    const ch = getRegionSettings('ch');
    expect(formatDate(INSTANT, ch, 'dateFormatLongMDay')).toBe('2. März');
    expect(formatDate(INSTANT, ch, 'dateFormatLongMDay', 'fr-CH')).toBe('2 mars');
  });

  it('accepts Date, epoch milliseconds and digit strings alike', () => {
    const id = getRegionSettings('id');
    const expected = '03-03-2026 05:30:45';
    expect(formatDate(new Date(MS), id, 'dateTimeFormat')).toBe(expected);
    expect(formatDate(MS, id, 'dateTimeFormat')).toBe(expected);
    expect(formatDate(String(MS), id, 'dateTimeFormat')).toBe(expected);
    expect(formatDate('2026-03-03T05:30:45+07:00', id, 'dateTimeFormat')).toBe(expected);
  });

  it('shows --- for values that are not dates', () => {
    const id = getRegionSettings('id');
    expect(formatDate('not a date', id, 'dateTimeFormat')).toBe('---');
    expect(formatDate('', id, 'dateTimeFormat')).toBe('---');
    expect(formatDate(Number.NaN, id, 'dateTimeFormat')).toBe('---');
  });

  it('formats every key of every country without falling back to English month names where a locale exists', () => {
    for (const region of regionSettings) {
      for (const key of dateFormatKeys) {
        const out = formatDate(INSTANT, region, key);
        expect(out, `${region.local} ${key}`).not.toBe('---');
        expect(out.length, `${region.local} ${key}`).toBeGreaterThan(0);
      }
      if (!region.dayjsLocal.startsWith('en')) {
        expect(formatDate(INSTANT, region, 'dateFormatMonth'), region.local).not.toMatch(/March/);
      }
    }
  });

  it('uses Asia/Shanghai for an unknown code (default time zone)', () => {
    expect(formatDate(INSTANT, getRegionSettings('zz'), 'dateTimeFormat')).toBe('03/03/2026 06:30:45 AM');
  });
});

describe('zoneOffsetMinutes', () => {
  it("agrees with dayjs's timezone plugin in every storefront's zone over DST changes and nearby years", async () => {
    const dayjs = (await import('dayjs')).default;
    dayjs.extend((await import('dayjs/plugin/utc')).default);
    dayjs.extend((await import('dayjs/plugin/timezone')).default);
    const { zoneOffsetMinutes } = await import('./format-date');
    const zones = [
      ...new Set(
        Object.values(regionSettings)
          .map((region) => region.dayjsTimezone)
          .filter(Boolean),
      ),
    ];
    expect(zones.length).toBeGreaterThan(20);
    const instants = [
      Date.UTC(1969, 11, 31, 23, 59, 58),
      Date.UTC(2026, 2, 29, 0, 59, 59),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 9, 25, 0, 30),
      Date.UTC(2027, 3, 4, 15, 45, 1, 999),
    ];
    for (let step = 0; step < 40; step += 1)
      instants.push(Date.UTC(2024, 0, 1) + step * 27 * 86_400_000 + step * 3_600_017);
    for (const zone of zones)
      for (const ms of instants)
        expect(`${zone} ${ms}: ${zoneOffsetMinutes(ms, zone)}`).toBe(
          `${zone} ${ms}: ${dayjs.utc(ms).tz(zone).utcOffset()}`,
        );
    // Where the plugin is wrong (it rounds a negative epoch toward zero and reports 59.98 minutes), whole minutes.
    expect(zoneOffsetMinutes(-500, 'Europe/Berlin')).toBe(60);
  });
});
