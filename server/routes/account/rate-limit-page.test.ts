import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { RATE_RULES } from '../../security/rate-limit';
import { SIGN_IN_THROTTLE } from '../../repositories/auth-throttle';
import { formPageOf, waitMinutes } from '../../views/rate-limit-page';

const html = { accept: 'text/html,application/xhtml+xml' };
let n = 0;
const newEmail = (tag: string) => `${tag}-${Date.now()}-${++n}@example.com`;

describe.each(drivers)('the wait page of a rate-limited account form (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('a sign-up form over the limit reads the wait in minutes, in the language, with the way back', async () => {
    const c = new Client(server.base);
    for (let i = 0; i < RATE_RULES.account.max; i++) {
      const r = await c.fetch('/api/id/site/register', {
        method: 'POST',
        headers: { ...html, origin: server.base },
        form: { email: newEmail('wait'), password: 'long enough pw' },
      });
      expect(r.status).toBe(200);
    }
    const page = await c.fetch('/api/id/site/register', {
      method: 'POST',
      headers: { ...html, origin: server.base },
      form: { email: newEmail('wait'), password: 'long enough pw' },
    });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toContain('text/html');
    const retryAfter = Number(page.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    const text = await page.text();
    expect(text).not.toContain('errno');
    expect(text).toContain('<html lang="id-ID" dir="ltr">');
    expect(text).toContain('<h1>Harap tunggu sebentar</h1>');
    expect(text).toContain(`Anda dapat mencoba lagi dalam ${waitMinutes(retryAfter)} menit.`);
    expect(text).toContain('href="/api/id/site/login?scene=register">Kembali ke formulir</a>');
    // An island or app asking for JSON keeps the envelope.
    const json = await c.call('/api/id/site/register', {
      method: 'POST',
      json: { email: newEmail('wait'), password: 'long enough pw' },
    });
    expect(json.status).toBe(429);
    expect(json.body.errmsg).toMatch(/Terlalu banyak permintaan/);
  });

  it('a right-to-left storefront gets the page in its direction and plural', async () => {
    const c = new Client(server.base);
    for (let i = 0; i <= RATE_RULES.account.max; i++) {
      const r = await c.fetch('/api/ae-ar/site/forgot', {
        method: 'POST',
        headers: { ...html, origin: server.base },
        form: { email: newEmail('ar') },
      });
      if (r.status === 429) {
        const text = await r.text();
        expect(text).toContain('dir="rtl"');
        expect(text).toContain('محاولات كثيرة جدًا من اتصالك');
        expect(text).toContain('href="/api/ae-ar/site/forgot"');
        return;
      }
    }
    throw new Error('never limited');
  });

  it('a sign-in form past the throttle gets the wait page with the sign-in and forgot-password links', async () => {
    const c = new Client(server.base);
    const email = newEmail('guess');
    let page: Response | undefined;
    for (let i = 0; i < SIGN_IN_THROTTLE.account.free + 3 && !page; i++) {
      const r = await c.fetch('/api/de/site/login', {
        method: 'POST',
        headers: { ...html, origin: server.base },
        form: { email, password: `wrong-${i}`, redirectUrl: '/de/cart/' },
      });
      if (r.status === 429) page = r;
    }
    expect(page).toBeDefined();
    expect(Number(page!.headers.get('retry-after'))).toBeGreaterThan(0);
    const text = await page!.text();
    expect(text).toContain('<h1>Bitte warten Sie einen Moment</h1>');
    expect(text).toMatch(/Zu viele Versuche\. Bitte versuchen Sie es in 1 Minute erneut/);
    expect(text).toContain('href="/api/de/site/login?redirectUrl=%2Fde%2Fcart%2F">Zurück zum Formular</a>');
    expect(text).toContain('href="/api/de/site/forgot?redirectUrl=%2Fde%2Fcart%2F"');
    expect(text).not.toContain('<form');
  });

  it('names the form to go back to by the path alone', () => {
    expect(formPageOf({ urlLocal: 'id' }, '/api/id/site/register?x=1')).toBe('/api/id/site/login?scene=register');
    expect(formPageOf({ urlLocal: 'fr' }, '/api/fr/site/forgot')).toBe('/api/fr/site/forgot');
    expect(formPageOf({ urlLocal: 'fr' }, '/api/fr/site/verify')).toBe('/api/fr/site/login');
    expect([waitMinutes(1), waitMinutes(60), waitMinutes(61), waitMinutes(840), waitMinutes(Number.NaN)]).toEqual([
      1, 1, 2, 14, 1,
    ]);
  });
});
