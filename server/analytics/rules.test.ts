import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../schemas/analytics';
import { addressBudget } from './address-budget';
import { isBotUserAgent } from './bots';
import { analyticsConsented } from './consent';
import { firstEventProblem, recentEvents } from './event-rules';
import { nextRollAt } from './index';
import { ANALYTICS_EVENT_MAX_AGE_MS, ANALYTICS_EVENT_MAX_AHEAD_MS } from './limits';

const at = 1_700_000_000_000;
const event = (e: Partial<AnalyticsEvent> & Pick<AnalyticsEvent, 'kind'>): AnalyticsEvent => ({ at, path: '/', ...e });

describe('what each kind of event needs', () => {
  it('accepts whole events of every kind', () => {
    expect(
      firstEventProblem([
        event({ kind: 'page_view' }),
        event({ kind: 'click', target: 'buy' }),
        event({ kind: 'exposure', target: 'banner-1' }),
        event({ kind: 'search', query: 'redmi', results: 0 }),
        event({ kind: 'add_to_cart', target: '2233', value: 199900, currency: 'IDR', quantity: 1 }),
        event({ kind: 'checkout_step', step: 'payment' }),
        event({ kind: 'purchase', target: 'O-1', value: 0, currency: 'EUR' }),
        event({ kind: 'web_vital', metric: 'CLS', metricValue: 0 }),
      ]),
    ).toBeNull();
  });

  it('names the first event that lacks a field of its kind', () => {
    const cases: [AnalyticsEvent, string][] = [
      [event({ kind: 'search', query: 'mi' }), 'results'],
      [event({ kind: 'search', results: 3 }), 'query'],
      [event({ kind: 'purchase', value: 1, currency: 'EUR' }), 'target'],
      [event({ kind: 'purchase', target: 'O-1', currency: 'EUR' }), 'value'],
      [event({ kind: 'purchase', target: 'O-1', value: 1 }), 'currency'],
      [event({ kind: 'web_vital', metric: 'LCP' }), 'metricValue'],
      [event({ kind: 'web_vital', metricValue: 1200 }), 'metric'],
      [event({ kind: 'checkout_step' }), 'step'],
      [event({ kind: 'add_to_cart' }), 'target'],
      // A value in minor units means nothing without its currency, whatever the kind.
      [event({ kind: 'click', target: 'x', value: 5 }), 'currency'],
    ];
    for (const [bad, field] of cases)
      expect(firstEventProblem([event({ kind: 'page_view' }), bad])).toEqual({ index: 1, kind: bad.kind, field });
  });
});

describe('events by their time', () => {
  it('keeps a day back and five minutes ahead, storing a time ahead as now', () => {
    const now = at;
    const { kept, dropped } = recentEvents(
      [
        event({ kind: 'page_view', at: now - ANALYTICS_EVENT_MAX_AGE_MS }),
        event({ kind: 'page_view', at: now - ANALYTICS_EVENT_MAX_AGE_MS - 1 }),
        event({ kind: 'page_view', at: now + ANALYTICS_EVENT_MAX_AHEAD_MS }),
        event({ kind: 'page_view', at: now + ANALYTICS_EVENT_MAX_AHEAD_MS + 1 }),
        event({ kind: 'page_view', at: 0 }),
      ],
      now,
    );
    expect(kept.map((k) => k.occurredAt)).toEqual([now - ANALYTICS_EVENT_MAX_AGE_MS, now]);
    expect(dropped).toBe(3);
  });
});

describe('analytics consent', () => {
  const all = '0,1,2,3:';
  it('needs the analytical category in the batch and in the cookie read at the storefront level', () => {
    const consented = (batchConsent: string, cookie: string | undefined, level: 'low' | 'high') =>
      analyticsConsented({ batchConsent, app: 'web', cookie, level });
    expect(consented(all, undefined, 'low')).toBe(true);
    expect(consented(all, undefined, 'high')).toBe(false);
    expect(consented(all, '0,1,2,3:1700000000', 'high')).toBe(true);
    expect(consented(all, '0,3:', 'high')).toBe(true);
    expect(consented(all, '0,1,2:', 'low')).toBe(false);
    expect(consented(all, '0:', 'low')).toBe(false);
    // A cookie that is not the prefix form counts as none.
    expect(consented(all, 'yes', 'low')).toBe(true);
    expect(consented(all, 'yes', 'high')).toBe(false);
    expect(consented('0,1,2:', undefined, 'low')).toBe(false);
    expect(consented('0,1,2:', all, 'high')).toBe(false);
  });

  it('counts consent as given inside the app, and only there', () => {
    for (const app of ['app', 'ios'] as const)
      expect(analyticsConsented({ batchConsent: 'app', app, cookie: undefined, level: 'high' })).toBe(true);
    expect(analyticsConsented({ batchConsent: 'app', app: 'web', cookie: '0,1,2,3:', level: 'low' })).toBe(false);
    // In the app a page that says what the shopper chose is held to it.
    expect(analyticsConsented({ batchConsent: '0:', app: 'app', cookie: undefined, level: 'low' })).toBe(false);
  });
});

describe('robots by user agent', () => {
  it('finds crawlers, previewers, HTTP libraries and an empty user agent', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'node',
      '',
      '   ',
      undefined,
    ])
      expect(isBotUserAgent(ua), String(ua)).toBe(true);
  });

  it('counts browsers, the store’s headless browser tests and phones named like robots', () => {
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 ' +
        'Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile ' +
        'Safari/537.36',
      'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
    ])
      expect(isBotUserAgent(ua), ua).toBe(false);
  });
});

describe('the budget of a client address', () => {
  it('charges events and bytes until either is spent, then refuses until its window ends', () => {
    const budget = addressBudget({ events: 100, bytes: 1000, windowSeconds: 60 });
    expect(budget.charge('a', 60, 100, 0)).toEqual({ ok: true });
    expect(budget.charge('a', 41, 100, 1000)).toEqual({ ok: false, retryInSeconds: 59 });
    expect(budget.charge('a', 40, 100, 1000)).toEqual({ ok: true });
    expect(budget.charge('b', 1, 1001, 1000)).toEqual({ ok: false, retryInSeconds: 60 });
    expect(budget.charge('b', 1, 1000, 1000)).toEqual({ ok: true });
    expect(budget.charge('a', 1, 1, 59_999)).toMatchObject({ ok: false });
    expect(budget.charge('a', 100, 1000, 60_000)).toEqual({ ok: true });
  });
});

describe('the daily roll', () => {
  it('is due shortly after the next midnight UTC', () => {
    expect(nextRollAt(new Date('2026-03-31T23:59:00Z')).toISOString()).toBe('2026-04-01T00:10:00.000Z');
    expect(nextRollAt(new Date('2026-04-01T00:30:00Z')).toISOString()).toBe('2026-04-02T00:10:00.000Z');
  });
});
