import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { getStorefront, type Storefront } from '../../../region-config/index';
import { serviceStatus } from '../../../sites/service-hours';
import { serviceLineFor } from '../../../sites/service-lines';
import { COUNTRY_CHOICE_COOKIE } from '../../schemas/customer-contact';
import { translate } from '../../i18n';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(drivers)('customer-service hours and the other-country tip over HTTP (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { CDN_COUNTRY_HEADER: 'CF-IPCountry' });
  });
  afterAll(async () => server?.close());

  const tip = (urlLocal: string, headers: Record<string, string>, client = new Client(server.base)) =>
    client.call(`/api/${urlLocal}/site/country-tip`, { headers: { 'user-agent': CHROME, ...headers } });

  it.each([
    ['id', 'id'],
    ['de', 'de'],
    ['nz', 'nz'],
    ['sa-ar', 'sa'],
  ])('the %s line: phone, e-mail, reply promise, and open now by the server clock', async (u, local) => {
    const res = await new Client(server.base).fetch(`/api/${u}/support/service-hours`, {
      headers: { accept: 'application/json' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { data, errno } = (await res.json()) as { data: Record<string, unknown>; errno: number };
    expect(errno).toBe(0);
    const line = serviceLineFor(local, u);
    expect(data).toMatchObject({ phone: line.phone, tel: line.tel, email: line.email, reply_hours: 24 });
    expect(data['time_zone']).toBe(line.zone);
    const status = serviceStatus(line, data['server_time'] as number);
    expect(data).toMatchObject({ open_now: status.open, closes_at: status.closesAt, opens_at: status.opensAt });
    expect(Math.abs((data['server_time'] as number) - Date.now())).toBeLessThan(60_000);
  });

  it('offers a German browser on the French store the German store, in German', async () => {
    const r = await tip('fr', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(r.body.errno).toBe(0);
    expect(r.body.data).toMatchObject({
      show: true,
      reason: 'language',
      to: { url_local: 'de', href: '/de/', lang: 'de-DE' },
    });
    const de = getStorefront('de') as Storefront;
    const name = r.body.data.to.name;
    expect(name).toBe('Mi Store Deutschland');
    expect(r.body.data.text.title).toBe(translate(de, 'location.tip.title', { store: name }));
    expect(r.body.data.text.go).toBe(translate(de, 'location.tip.go', { store: name }));
    // German, not the page's French and not a key left unresolved.
    expect(r.body.data.text.title).not.toBe(translate(getStorefront('fr') as Storefront, 'location.tip.title'));
    for (const text of Object.values(r.body.data.text as Record<string, string>))
      expect(text).not.toMatch(/location\.tip|\{\{/);
  });

  it('reads the configured CDN header for the country, and nothing when it agrees with the store', async () => {
    const r = await tip('fr', { 'accept-language': 'de-DE', 'cf-ipcountry': 'AT' });
    expect(r.body.data).toMatchObject({ show: true, reason: 'header', to: { url_local: 'at' } });
    expect((await tip('fr', { 'accept-language': 'de-DE', 'cf-ipcountry': 'FR' })).body.data).toEqual({
      show: false,
      reason: 'same',
    });
  });

  it('is not shown after the choice is in the cookie, to crawlers, or when the language matches', async () => {
    const chosen = new Client(server.base);
    chosen.cookies.set(COUNTRY_CHOICE_COOKIE, 'fr');
    expect((await tip('fr', { 'accept-language': 'de-DE' }, chosen)).body.data).toEqual({
      show: false,
      reason: 'chosen',
    });
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await tip('fr', { 'accept-language': 'de-DE', 'user-agent': googlebot })).body.data).toEqual({
      show: false,
      reason: 'bot',
    });
    expect((await tip('de', { 'accept-language': 'de-DE' })).body.data).toEqual({ show: false, reason: 'same' });
  });

  it("fills the header-footer answer's different-site tip the same way", async () => {
    const call = (headers: Record<string, string>) =>
      new Client(server.base).call('/api/fr/cms/v2/page/header-footer', {
        headers: { 'user-agent': CHROME, ...headers },
      });
    const offered = (await call({ 'accept-language': 'de-DE' })).body.data.different_site_tip;
    const de = getStorefront('de') as Storefront;
    expect(offered).toEqual({
      show: true,
      sites_text: translate(de, 'location.tip.title', { store: 'Mi Store Deutschland' }),
      text: translate(de, 'location.tip.body', { store: 'Mi Store Deutschland' }),
      button_text: translate(de, 'location.tip.go', { store: 'Mi Store Deutschland' }),
      to_domain: '/de/',
    });
    expect((await call({ 'accept-language': 'fr-FR' })).body.data.different_site_tip).toMatchObject({ show: false });
  });

  it('is never cached by a shared cache', async () => {
    const res = await new Client(server.base).fetch('/api/fr/site/country-tip', {
      headers: { 'user-agent': CHROME, 'accept-language': 'de-DE' },
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    for (const version of ['v1', 'v2']) {
      const page = await new Client(server.base).fetch(`/api/fr/cms/${version}/page/header-footer`, {
        headers: { 'user-agent': CHROME, 'accept-language': 'de-DE' },
      });
      expect(page.headers.get('cache-control'), version).toBe('private, no-cache');
    }
  });
});

describe.each(drivers)('the CDN header unless configured (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('is not read: anyone can send it, so without the setting only the browser language counts', async () => {
    const r = await new Client(server.base).call('/api/fr/site/country-tip', {
      headers: { 'user-agent': CHROME, 'accept-language': 'fr-FR', 'cf-ipcountry': 'DE' },
    });
    expect(r.body.data).toEqual({ show: false, reason: 'same' });
  });
});
