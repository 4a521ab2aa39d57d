import { describe, expect, it } from 'vitest';
import { channelLabel, classifyTraffic, isPaid, utmFromSearch } from './traffic';

const OWN = 'shop.example';

describe('paid flag', () => {
  it('is paid with a campaign unless utm_type is 0', () => {
    expect(isPaid({ utm_campaign: 'spring' })).toBe(true);
    expect(isPaid({ utm_campaign: 'spring', utm_type: '1' })).toBe(true);
    expect(isPaid({ utm_campaign: 'spring', utm_type: '0' })).toBe(false);
    expect(isPaid({ utm_source: 'google' })).toBe(false);
  });
});

describe('traffic classification', () => {
  it.each([
    [{ utm_medium: 'cpc', utm_campaign: 'x' }, '', 'search', 'Paid Search'],
    [{}, 'https://www.google.com/', 'search', 'SEO'],
    [{}, 'https://www.facebook.com/some', 'social', 'Organic Social'],
    [{ utm_channel: 'social', utm_campaign: 'launch' }, '', 'social', 'Paid Social'],
    [{ utm_channel: 'social', utm_campaign: 'launch', utm_type: '0' }, '', 'social', 'Organic Social'],
    [{ utm_medium: 'display', utm_campaign: 'b' }, '', 'display', 'Display_Video'],
    [{ utm_medium: 'affiliate', utm_campaign: 'a' }, '', 'affiliate', 'Paid Affiliate'],
    [{ utm_medium: 'edm' }, '', 'push/email', 'Push_Edm'],
    [{ utm_channel: 'push' }, 'https://www.google.com/', 'push/email', 'Push_Edm'],
    [{}, '', 'direct', 'Direct'],
    [{}, `https://${OWN}/id/`, 'direct', 'Direct'],
    [{}, 'https://blog.example.org/review', 'referral', 'Referral'],
    [{ utm_source: 'partner', utm_campaign: 'c' }, '', 'other', 'Paid Other'],
    [{ utm_source: 'partner' }, '', 'other', 'Others'],
  ] as const)('%j from %s → %s / %s', (utm, referrer, source, channel) => {
    expect(classifyTraffic(utm, referrer, OWN)).toMatchObject({ source, channel });
  });

  it('has a label for every source', () => {
    for (const s of [
      'search',
      'social',
      'display',
      'referral',
      'direct',
      'affiliate',
      'other',
      'push/email',
    ] as const) {
      expect(channelLabel(s, false)).toBeTruthy();
    }
  });

  it('reads utm fields from the query', () => {
    expect(utmFromSearch('?utm_source=fb&utm_medium=social&x=1&utm_term=')).toEqual({
      utm_source: 'fb',
      utm_medium: 'social',
    });
  });
});
