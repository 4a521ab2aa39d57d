import { describe, expect, it } from 'vitest';
import { semesterAt } from './semesters';
import { countrySemester, studentCampaignId, studentCouponTerms } from './offer';

const TWO = [
  { name: 'spring', starts: '02-01' },
  { name: 'autumn', starts: '09-15' },
] as const;

describe('semesters', () => {
  it('the semester of an instant runs from its start, in the country’s time zone, to the next start', () => {
    const s = semesterAt(new Date('2026-11-29T12:00:00Z'), TWO, 'Europe/Istanbul');
    expect(s).toMatchObject({ name: 'autumn', year: 2026 });
    // Midnight in Istanbul (UTC+3) is 21:00 UTC the day before.
    expect(s.startsAt.toISOString()).toBe('2026-09-14T21:00:00.000Z');
    expect(s.endsAt.toISOString()).toBe('2027-01-31T21:00:00.000Z');
  });

  it('turns exactly at the start (included) and wraps over the new year', () => {
    expect(semesterAt(new Date('2027-01-31T20:59:59.999Z'), TWO, 'Europe/Istanbul')).toMatchObject({
      name: 'autumn',
      year: 2026,
    });
    expect(semesterAt(new Date('2027-01-31T21:00:00.000Z'), TWO, 'Europe/Istanbul')).toMatchObject({
      name: 'spring',
      year: 2027,
    });
    expect(semesterAt(new Date('2026-01-10T00:00:00Z'), TWO, 'Europe/Istanbul')).toMatchObject({
      name: 'autumn',
      year: 2025,
    });
  });

  it('follows each country’s calendar: Japan from April, Australia’s first semester in February', () => {
    expect(countrySemester('jp', new Date('2026-05-01T00:00:00Z'))).toMatchObject({ name: 'spring', year: 2026 });
    expect(countrySemester('jp', new Date('2026-10-01T00:00:00Z'))).toMatchObject({ name: 'autumn', year: 2026 });
    expect(countrySemester('au', new Date('2026-03-01T00:00:00Z'))).toMatchObject({ name: 'first', year: 2026 });
    expect(countrySemester('de', new Date('2026-03-01T00:00:00Z'))).toMatchObject({ name: 'spring', year: 2026 });
  });

  it('names one campaign per country and semester', () => {
    expect(studentCampaignId('tr', { name: 'autumn', year: 2026 })).toBe('student-tr-2026-autumn');
  });

  it('has no offer where the storefront sells nothing; converts the euro cap elsewhere', () => {
    expect(studentCouponTerms('cn')).toBeNull();
    expect(studentCouponTerms('de')).toMatchObject({ percent: 10, capMinor: 5000, maxUnitPriceMinor: null });
    expect(studentCouponTerms('id')!.capMinor).toBeGreaterThan(0);
  });
});
