import { describe, expect, it } from 'vitest';
import { regionSettings } from '../region-config/regions';
import { serviceStatus, weeklyHours } from './service-hours';
import { EMAIL_REPLY_HOURS, SERVICE_LINE_LOCALS, serviceLineFor } from './service-lines';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const status = (local: string, when: string) => {
  const s = serviceStatus(serviceLineFor(local, local), at(when));
  return { open: s.open, closesAt: iso(s.closesAt), opensAt: iso(s.opensAt) };
};

describe('customer-service hours on the country clock', () => {
  it('de is open on a Monday morning in Berlin and says when it closes', () => {
    // 08:30 UTC is 09:30 in Berlin (winter time).
    expect(status('de', '2026-11-30T08:30:00Z')).toEqual({
      open: true,
      closesAt: '2026-11-30T17:00:00.000Z',
      opensAt: null,
    });
  });

  it('de before opening is closed and opens at 09:00 Berlin', () => {
    expect(status('de', '2026-11-30T07:30:00Z')).toMatchObject({ open: false, opensAt: '2026-11-30T08:00:00.000Z' });
  });

  it('de on a Saturday (a day off) is closed until Monday morning', () => {
    expect(status('de', '2026-11-28T12:00:00Z')).toEqual({
      open: false,
      closesAt: null,
      opensAt: '2026-11-30T08:00:00.000Z',
    });
  });

  it('nz on a Sunday evening in UTC is already Monday morning in Auckland, so open', () => {
    // 21:00 UTC Sunday is 10:00 Monday in Auckland (summer time, +13).
    expect(status('nz', '2026-11-29T21:00:00Z')).toEqual({
      open: true,
      closesAt: '2026-11-30T05:00:00.000Z',
      opensAt: null,
    });
  });

  it('nz on a Friday morning in UTC is Friday evening in Auckland: closed until Monday 09:00 there', () => {
    expect(status('nz', '2026-11-27T06:00:00Z')).toMatchObject({ open: false, opensAt: '2026-11-29T20:00:00.000Z' });
  });

  it('sa keeps Friday and Saturday off and opens on Sunday', () => {
    expect(status('sa', '2026-11-27T09:00:00Z')).toMatchObject({ open: false, opensAt: '2026-11-29T06:00:00.000Z' });
    expect(status('sa', '2026-11-29T06:30:00Z').open).toBe(true);
  });

  it('a shift across midnight stays open after midnight, even into a day off, and closes at its end', () => {
    const night = { zone: 'Asia/Tokyo', days: [5] as const, opens: '22:00', closes: '02:00' };
    // Saturday 01:00 in Tokyo belongs to Friday's shift.
    expect(serviceStatus(night, at('2026-11-27T16:00:00Z'))).toEqual({
      open: true,
      closesAt: at('2026-11-27T17:00:00Z'),
      opensAt: null,
    });
    // Saturday 03:00 in Tokyo: closed until next Friday 22:00.
    expect(serviceStatus(night, at('2026-11-27T18:00:00Z'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: at('2026-12-04T13:00:00Z'),
    });
    // Friday 21:59 in Tokyo: not yet.
    expect(serviceStatus(night, at('2026-11-27T12:59:00Z')).open).toBe(false);
  });

  it('opening after a clock change is at the local time of the new offset', () => {
    // Berlin moves to summer time on Sunday 29 March 2026: Monday opens at 07:00 UTC, not 08:00.
    expect(status('de', '2026-03-28T12:00:00Z').opensAt).toBe('2026-03-30T07:00:00.000Z');
    expect(status('de', '2026-03-30T07:30:00Z')).toMatchObject({ open: true, closesAt: '2026-03-30T16:00:00.000Z' });
  });

  it('a line with no day on is never open and has no next opening', () => {
    const never = { zone: 'Europe/Berlin', days: [] as const, opens: '09:00', closes: '18:00' };
    expect(serviceStatus(never, at('2026-11-30T10:00:00Z'))).toEqual({ open: false, closesAt: null, opensAt: null });
  });

  it('prints the week as rows of days that share their hours', () => {
    expect(weeklyHours(serviceLineFor('de', 'de'))).toEqual([
      { from: 1, to: 5, hours: { opens: '09:00', closes: '18:00' } },
      { from: 6, to: 7, hours: null },
    ]);
    expect(weeklyHours(serviceLineFor('sa', 'sa')).map((r) => [r.from, r.to, r.hours !== null])).toEqual([
      [1, 4, true],
      [5, 6, false],
      [7, 7, true],
    ]);
  });
});

describe('customer-service lines', () => {
  it('every country has a phone line in its own calling code, its e-mail and the reply promise', () => {
    expect([...SERVICE_LINE_LOCALS].sort()).toEqual(regionSettings.map((r) => r.local).sort());
    for (const region of regionSettings) {
      const line = serviceLineFor(region.local, region.local);
      expect(line.tel, region.local).toMatch(/^\+\d{8,15}$/);
      expect(line.tel.startsWith(region.phoneCode), region.local).toBe(true);
      expect(line.email).toBe(region.serviceEmail);
      expect(line.replyHours).toBe(EMAIL_REPLY_HOURS);
    }
  });
});
