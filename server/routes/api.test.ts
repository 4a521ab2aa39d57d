import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../test-support/harness';
import { Errno } from '../errors';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(drivers)('the API calls (%s)', (driver) => {
  let server: TestServer;
  let c: Client;
  beforeAll(async () => {
    server = await startServer(driver, { SITE_ORIGINS: 'https://www.example-store.test' });
    c = new Client(server.base);
  });
  afterAll(async () => server?.close());

  it('health says only that the store is up; every response has the server time header', async () => {
    const before = Date.now();
    const res = await c.fetch('/api/health');
    const body = await res.json();
    expect(body).toEqual({ errno: 0, errmsg: 'ok', data: { status: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const t = Number(res.headers.get('x-server-time'));
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });

  it('serves an OpenAPI document built from the route schemas', async () => {
    const doc = await (await c.fetch('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/{urlLocal}/misc/info',
      '/api/{urlLocal}/cart',
      '/api/{urlLocal}/cart/add',
      '/api/{urlLocal}/cms/v1/page/header-footer',
      '/api/{urlLocal}/misc/emailsubscribe',
      '/api/{urlLocal}/v2/search/suggestList',
      '/api/{urlLocal}/site/login',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const add = doc.paths['/api/{urlLocal}/cart'].post;
    expect(JSON.stringify(add.requestBody)).toContain('commodityId');
    expect(JSON.stringify(add.responses['200'])).toContain('unified_cart_data');
  });

  it('allows CORS with credentials only for configured site origins, exposing the server time', async () => {
    const ok = await c.fetch('/api/id/misc/info', { headers: { origin: 'https://www.example-store.test' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://www.example-store.test');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Server-Time');
    const pre = await c.fetch('/api/id/cart', {
      method: 'OPTIONS',
      headers: { origin: 'https://www.example-store.test', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    const evil = await c.fetch('/api/id/misc/info', { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses unknown storefronts and routes with a 404 envelope', async () => {
    const r = await c.call('/api/zz/misc/info');
    expect(r.status).toBe(404);
    expect(r.body.errno).toBe(Errno.NOT_FOUND);
    const r2 = await c.call('/api/id/no/such/route');
    expect(r2.status).toBe(404);
    expect(r2.body.errno).toBe(Errno.NOT_FOUND);
  });

  it('misc/info for a visitor, accepting the optional from parameter', async () => {
    const r = await c.call('/api/id/misc/info?from=pc&cacheable=1');
    expect(r.body).toEqual({
      data: {
        has_received_tokens_for_joining: false,
        cart_count: 0,
        unread_message: 0,
        moengage_enabled: true,
        user_id: 0,
      },
      errno: 0,
      errmsg: 'ok',
    });
  });

  it('consumer-service lists the phone line with the service text filled in', async () => {
    const r = await c.call('/api/id/v2/cms/support/consumer-service');
    const phone = r.body.data.consumer_service.find((e: any) => e.type === 0);
    expect(phone.desc).not.toMatch(/\{(phone|email|hours)\}/);
    expect(phone.desc).toContain(phone.email);
  });

  it('navigation products of one category, priced for the country', async () => {
    const r = await c.call('/api/id/v2/cms/category/navigation/products?category=phones&limit=5');
    const products = r.body.data.products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(5);
    for (const p of products) {
      expect(p.category).toBe('phones');
      expect(p.currency).toBe('IDR');
      expect(p.buttons[0].goto_url).toBe(`/id/product/${p.product_id}/`);
    }
    const de = await c.call('/api/de/v2/cms/category/navigation/products?category=phones&limit=1');
    expect(de.body.data.products[0].currency).toBe('EUR');
  });

  it("EU labels of navigation products and cart lines are in the storefront's language", async () => {
    const labelled = async (urlLocal: string) => {
      const r = await c.call(`/api/${urlLocal}/v2/cms/category/navigation/products?category=phones&limit=20`);
      const product = r.body.data.products.find(
        (p: { bundle_compliance_label?: unknown[] }) => p.bundle_compliance_label?.length,
      );
      expect(product, `a phone with EU labels in ${urlLocal}`).toBeDefined();
      return product;
    };
    const de = await labelled('de');
    expect(de.bundle_compliance_label[0]).toMatchObject({
      title: 'EU-Energielabel',
      energy: { product_energy: 'Produktdatenblatt' },
      durability: { description: expect.stringMatching(/^Reparierbarkeitsklasse [A-E]$/) },
    });
    const fr = await labelled('fr');
    expect(fr.bundle_compliance_label[0]).toMatchObject({
      title: 'Étiquette énergie UE',
      energy: { product_energy: "Fiche d'information produit" },
      durability: { description: expect.stringMatching(/^Classe de réparabilité [A-E]$/) },
    });
    const shopper = new Client(server.base);
    const added = await shopper.call('/api/de/cart', {
      method: 'POST',
      form: { cartV: '20000', action: 'add', commodityId: de.item_id, quantity: '1' },
    });
    expect(added.body.errno).toBe(0);
    const [line] = added.body.data.unified_cart_data.items;
    expect(line.bundle_labels[0]).toMatchObject({
      title: 'EU-Energielabel',
      durability: { description: expect.stringMatching(/^Reparierbarkeitsklasse [A-E]$/) },
    });
  });

  it('header-footer v1 and v2 in snake_case with anchor and navigation version', async () => {
    for (const v of ['v1', 'v2']) {
      const r = await c.call(`/api/id/cms/${v}/page/header-footer?cacheable=1`);
      expect(r.body.errno).toBe(0);
      expect(r.body.data).toHaveProperty('header.main');
      expect(r.body.data).toHaveProperty('anchor.store_navigation');
      expect(r.body.data).toHaveProperty('different_site_tip');
      expect(['v0', 'v1', 'v2']).toContain(r.body.data.navigation_version);
      expect(JSON.stringify(r.body.data)).not.toMatch(/"[a-z]+[A-Z][A-Za-z]*":/);
    }
  });

  it('diversion banner by channel tag falls back to the storefront default', async () => {
    const r = await c.call('/api/id/diversion?channel_tag=summer_sale');
    expect(r.body.errno).toBe(0);
    expect(r.body.data).toMatchObject({ publish_status: 1, diversion_switch_status: 1, channel_tag: 'default' });
    expect(r.body.data.title.length).toBeGreaterThan(0);
  });

  it('search suggestions are ranked: exact/prefix name matches first, every word must match', async () => {
    const first = await server.db.query<{ name: string }>(
      `SELECT p.name FROM products p WHERE EXISTS (SELECT 1 FROM commodities c
        JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'id' WHERE c.product_id = p.id)
        ORDER BY length(p.name) DESC LIMIT 1`,
    );
    const name = first[0]!.name;
    const r = await c.call(`/api/id/v2/search/suggestList?keyword=${encodeURIComponent(name.toLowerCase())}`);
    expect(r.body.data.keyword).toBe(name.toLowerCase());
    expect(r.body.data.exp_id).toBeTruthy();
    expect(r.body.data.list[0]).toMatchObject({ name, item_type: 'commodity', currency: 'IDR' });
    expect(r.body.data.list[0].link).toMatch(/^\/id\/product\//);
    const none = await c.call('/api/id/v2/search/suggestList?keyword=zzzqqq%20nothing');
    expect(none.body.data.list).toEqual([]);
    const wild = await c.call('/api/id/v2/search/suggestList?keyword=%25');
    expect(wild.body.data.list).toEqual([]);
  });

  it('recommendations leave out what is in the cart and size by from=mobile|pc', async () => {
    const v = new Client(server.base);
    const pc = await v.call('/api/id/recommend?from=pc');
    const mobile = await v.call('/api/id/recommend?from=mobile');
    expect(pc.body.data.recommend.length).toBeGreaterThan(mobile.body.data.recommend.length);
    const top = mobile.body.data.recommend[0];
    await v.call('/api/id/cart', { method: 'POST', form: { cartV: '20000', action: 'add', commodityId: top.item_id } });
    const after = await v.call('/api/id/recommend?from=mobile');
    expect(after.body.data.recommend.map((x: any) => x.link)).not.toContain(top.link);
    expect(after.body.data.recommend[0].frm_track.alg_group).toBe('cart-affinity');
    expect((await v.call('/api/id/recommend?from=tv')).status).toBe(400);
  });

  it('emailsubscribe answers JSONP alike for new and known; mail asks to confirm or says "already"', async () => {
    const email = `sub-${driver}@example.com`;
    const subscribe = async (client = new Client(server.base)) => {
      const res = await client.fetch(
        `/api/id/misc/emailsubscribe?email=${encodeURIComponent(b64(email))}&secrweb=true&jsonpcallback=cb_1`,
      );
      expect(res.headers.get('content-type')).toContain('application/javascript');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const js = await res.text();
      expect(js).toMatch(/^\/\*\*\/cb_1\(\{.*\}\);$/);
      return JSON.parse(js.slice('/**/cb_1('.length, -2));
    };
    const first = await subscribe();
    expect(first).toEqual({
      errno: 0,
      errmsg: 'Hampir selesai! Periksa kotak masuk Anda dan konfirmasi langganan Anda.',
      data: { status: 'check_mail' },
    });
    const confirmMail = (await mailbox(server.base, email)).find((m) => m.kind === 'subscribe-confirm')!;
    expect(confirmMail.subject).toBe('Konfirmasi langganan buletin Anda');
    const confirmToken = linkToken(confirmMail.text)!;
    // Not subscribed until the address confirms; a link visit only shows the button.
    const page = await c.fetch(`/api/id/misc/subscribe/confirm?token=${confirmToken}`);
    expect(await page.text()).toContain(`action="/api/id/misc/subscribe/confirm"`);
    const pending = await server.db.query<{ confirmed_at: Date | null }>(
      `SELECT confirmed_at FROM subscriptions WHERE email = $1`,
      [email],
    );
    expect(pending[0]!.confirmed_at).toBeNull();
    expect(
      (await c.call('/api/id/misc/subscribe/confirm', { method: 'POST', json: { token: confirmToken } })).body.data,
    ).toEqual({ confirmed: true });
    expect(
      (await c.call('/api/id/misc/subscribe/confirm', { method: 'POST', json: { token: confirmToken } })).body.errno,
    ).toBe(Errno.LINK_INVALID);

    // A known address gets the same answer; only its inbox learns it is already subscribed.
    expect(await subscribe()).toEqual(first);
    const already = (await mailbox(server.base, email)).find((m) => m.kind === 'subscribe-already')!;
    const unsubscribeToken = /misc\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(already.text)![1]!;
    const unsubscribePage = await (await c.fetch(`/api/id/misc/unsubscribe?token=${unsubscribeToken}`)).text();
    expect(unsubscribePage).toContain(email);
    expect(unsubscribePage).toContain('method="post"');
    expect(
      (await c.call('/api/id/misc/unsubscribe', { method: 'POST', form: { token: unsubscribeToken } })).body.data,
    ).toMatchObject({ unsubscribed: true, already: false });
    expect(
      (await c.call('/api/id/misc/unsubscribe', { method: 'POST', form: { token: 'x'.repeat(40) } })).body.errno,
    ).toBe(Errno.NOT_FOUND);
    // After unsubscribing, a new request asks to confirm again.
    await subscribe();
    expect((await mailbox(server.base, email)).filter((m) => m.kind === 'subscribe-confirm')).toHaveLength(2);
  });

  it('emailsubscribe cannot flood one inbox: at most 5 mails an hour per address, whoever asks', async () => {
    const email = `flood-${driver}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        new Client(server.base).call(
          `/api/id/misc/emailsubscribe?email=${encodeURIComponent(b64(email))}&secrweb=true`,
        ),
      ),
    );
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect((await mailbox(server.base, email)).length).toBeLessThanOrEqual(6);
  });

  it('emailsubscribe refuses bad callbacks (never echoed) and bad addresses', async () => {
    for (const cb of ['alert(1)//', '<script>', 'a b', '1abc', 'x'.repeat(65)]) {
      const res = await c.fetch(
        `/api/id/misc/emailsubscribe?email=${b64('a@example.com')}&jsonpcallback=${encodeURIComponent(cb)}`,
      );
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      const text = await res.text();
      expect(text).not.toContain(cb);
      expect(JSON.parse(text).errno).toBe(Errno.INVALID_CALLBACK);
    }
    const bad = await new Client(server.base).fetch(
      `/api/id/misc/emailsubscribe?email=${encodeURIComponent(b64('not an email'))}&secrweb=true&jsonpcallback=cb`,
    );
    const badText = await bad.text();
    expect(badText).toContain(`"errno":${Errno.INVALID_EMAIL}`);
    // The message is shown as is by the subscribe box, so it comes in the storefront's language.
    expect(badText).toContain('Masukkan alamat email yang valid.');
    const notB64 = await c.call(`/api/id/misc/emailsubscribe?email=%3Cscript%3E`);
    expect(notB64.body.errno).toBe(Errno.INVALID_EMAIL);
  });

  it('emailsubscribe answers the no-JavaScript footer form with a page in the storefront language', async () => {
    const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
    const done = await c.fetch(
      `/api/id/misc/emailsubscribe?email=${encodeURIComponent('  plain-form@example.com ')}`,
      html,
    );
    expect(done.headers.get('content-type')).toContain('text/html');
    const page = await done.text();
    expect(page).toContain('lang="id-ID"');
    expect(page).toContain('href="/id/"');
    const invalid = await (
      await c.fetch(`/api/id/misc/emailsubscribe?email=${encodeURIComponent('<b>x</b>')}`, html)
    ).text();
    expect(invalid).toContain('Masukkan alamat email yang valid.');
    expect(invalid).not.toContain('<b>x</b>');
  });

  it('errsave stores form, beacon (text/plain) and JSON reports, by fingerprint; refuses oversize', async () => {
    const form = await c.call('/api/id/error/errsave', {
      method: 'POST',
      form: { url: 'https://shop/id/', content: 'TypeError: x is undefined' },
    });
    expect(form.body.errno).toBe(0);
    const beacon = await c.call('/api/id/error/errsave', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: 'url=%2Fid%2F&content=boom',
    });
    expect(beacon.body.errno).toBe(0);
    // The same error again (other query string, other line number) is a count, not a row.
    const repeat = await c.call('/api/id/error/errsave', {
      method: 'POST',
      json: { url: 'https://shop/id/?utm=x', content: 'TypeError: x is undefined\n at line 42' },
    });
    expect(repeat.body.data.id).toBe(form.body.data.id);
    const rows = await server.db.query<{ content: string; occurrences: number }>(
      `SELECT content, occurrences FROM error_slots ORDER BY first_seen_at`,
    );
    expect(rows).toEqual([
      { content: 'TypeError: x is undefined', occurrences: 2 },
      { content: 'boom', occurrences: 1 },
    ]);
    const big = await c.call('/api/id/error/errsave', {
      method: 'POST',
      form: { url: '/id/', content: 'x'.repeat(20_000) },
    });
    expect(big.status).toBe(400);
    expect(big.body.errmsg).toContain('content');
    const huge = await c.call('/api/id/error/errsave', {
      method: 'POST',
      form: { url: '/id/', content: 'x'.repeat(100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errno).toBe(Errno.PAYLOAD_TOO_LARGE);
  });

  it('chat: a signed-in user gets an FAQ answer and the stream replays it (retry: 1000)', async () => {
    const u = new Client(server.base);
    await u.register('de');
    const faq = await server.db.query<{ q: string }>(
      `SELECT data -> 'question' ->> 'en' AS q FROM support_content WHERE kind = 'faq' ORDER BY id LIMIT 1`,
    );
    const question = faq[0]?.q ?? 'hello';
    const posted = await u.call('/api/de/chat/messages', { method: 'POST', json: { body: question } });
    expect(posted.body.errno).toBe(0);
    expect(posted.body.data.messages.map((m: any) => m.sender)).toEqual(['user', 'agent']);
    const ctrl = new AbortController();
    const res = await u.fetch('/api/de/chat/stream', { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"sender":"agent"')) text += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    expect(text.startsWith('retry: 1000\n\n')).toBe(true);
    expect(text).toMatch(/id: \d+\nevent: message\ndata: \{/);
    // Indonesia refuses visitor chat (who may chat): visitors are sent to sign-in.
    expect(
      (await new Client(server.base).call('/api/id/chat/messages', { method: 'POST', json: { body: 'hi' } })).body
        .errno,
    ).toBe(Errno.NOT_LOGGED_IN);
  });

  it('chat: a visitor (where allowed) may open the stream first; its id cookie links stream and messages', async () => {
    const v = new Client(server.base);
    const ctrl = new AbortController();
    const res = await v.fetch('/api/de/chat/stream', { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(v.cookies.get('visitorId')).toMatch(/^[0-9a-f-]{36}$/);
    const posted = await v.call('/api/de/chat/messages', {
      method: 'POST',
      form: { body: 'Hallo, wo ist meine Bestellung?' },
    });
    expect(posted.body.errno).toBe(0);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"sender":"agent"')) text += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    expect(text).toContain('Bestellung');
  });

  it('userprofile icon falls back to the default avatar served by the API', async () => {
    const u = new Client(server.base);
    await u.register('id');
    const icon = (await u.call('/api/id/app/userprofile')).body.data.profile.icon;
    expect(icon).toBe('/api/id/images/avatar-default.svg');
    const svg = await u.fetch(icon);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
  });

  it('serves the site: immutable hashed assets, revalidated HTML, dir index, slash redirect, region 404', async () => {
    const pub = server.publicDir;
    fs.mkdirSync(path.join(pub, 'id', 'cart'), { recursive: true });
    fs.mkdirSync(path.join(pub, '_widgets'), { recursive: true });
    fs.writeFileSync(path.join(pub, 'id', 'cart', 'index.html'), '<!doctype html><title>cart</title>');
    fs.writeFileSync(path.join(pub, 'id', '404.html'), '<!doctype html><title>Halaman tidak ditemukan</title>');
    fs.writeFileSync(path.join(pub, '404.html'), '<!doctype html><title>Not found</title>');
    fs.writeFileSync(path.join(pub, 'app-3f2a1b4c5d6e7f80.js'), 'console.log(1)');
    fs.writeFileSync(path.join(pub, '_widgets', 'runtime.js'), 'export {}');
    const html = await c.fetch('/id/cart/');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    // Gatsby's own bundles are leftovers no page loads: not served.
    expect((await c.fetch('/app-3f2a1b4c5d6e7f80.js')).status).toBe(404);
    const js = await c.fetch('/_widgets/runtime.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const redirect = await c.fetch('/id/cart');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/id/cart/');
    const missing = await c.fetch('/id/nope/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Halaman tidak ditemukan');
    const other = await c.fetch('/de/nope/');
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('Not found');
    fs.mkdirSync(path.join(pub, 'id', 'app'), { recursive: true });
    fs.writeFileSync(path.join(pub, 'id', 'app', '404.html'), '<!doctype html><title>app 404</title>');
    const inApp = await c.fetch('/id/app/nope/');
    expect(inApp.status).toBe(404);
    expect(await inApp.text()).toContain('app 404');
  });

  it('serves build outputs only: no dotfiles, source maps, page-data or files outside storefront folders', async () => {
    const pub = server.publicDir;
    fs.mkdirSync(path.join(pub, 'page-data', 'id'), { recursive: true });
    fs.mkdirSync(path.join(pub, 'id', '.git'), { recursive: true });
    fs.mkdirSync(path.join(pub, '_widgets'), { recursive: true });
    const secrets: Record<string, string> = {
      '.env': 'SECRET=1',
      'id/.git/config': '[core]',
      'page-data/id/page-data.json': '{}',
      '_widgets/runtime.js.map': '{"sources":[]}',
      'webpack.stats.json': '{}',
      'chunk-map.json': '{}',
    };
    for (const [file, body] of Object.entries(secrets)) fs.writeFileSync(path.join(pub, file), body);
    for (const file of [...Object.keys(secrets), '%2eenv', 'id/%2egit/config', 'id/../.env']) {
      const res = await c.fetch(`/${file}`);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toMatch(/SECRET|\[core\]|sources/);
    }
  });

  it('sends strict security headers on pages and API answers', async () => {
    const pub = server.publicDir;
    fs.mkdirSync(path.join(pub, 'id'), { recursive: true });
    fs.writeFileSync(path.join(pub, 'id', 'index.html'), '<!doctype html><title>Beranda</title>');
    const page = await c.fetch('/id/');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // HSTS only over https (a trusted proxy says so).
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const https = await c.fetch('/id/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const api = await c.fetch('/api/id/misc/info');
    expect(api.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    const login = await c.fetch('/api/id/site/login');
    expect(login.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(login.headers.get('cache-control')).toBe('no-store');
    // A revalidated page (304) must not bring another policy: the browser would merge it into the cached page.
    // fetch would add Cache-Control: no-cache to a conditional request; a browser's reload sends max-age=0.
    const again = await c.fetch('/id/', {
      headers: { 'if-none-match': page.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  it('answers client routes (run-time parameters) with the page of the route', async () => {
    const pub = server.publicDir;
    fs.mkdirSync(path.join(pub, 'id', 'payment-result'), { recursive: true });
    fs.writeFileSync(
      path.join(pub, 'id', 'payment-result', 'index.html'),
      '<!doctype html><title>Hasil pembayaran</title>',
    );
    fs.writeFileSync(
      path.join(pub, '_routes.json'),
      JSON.stringify([{ pattern: '/id/payment-result/:id', page: '/id/payment-result/' }]),
    );
    const page = await c.fetch('/id/payment-result/5100123/?from=app');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Hasil pembayaran');
    const deeper = await c.fetch('/id/payment-result/5100123/extra/');
    await deeper.text(); // an unread body keeps the connection busy and the server from closing
    expect(deeper.status).toBe(404);
  });
});
