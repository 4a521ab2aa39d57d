/**
 * Layout and keyboard polish found by a shopper's tour: no horizontal overflow on a
 * phone, the cookie banner never hides the footer, the mega-menu as a WAI-ARIA disclosure navigation menu, the
 * POCO highlight only on POCO pages, and no layout shift while the islands mount.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  commodityInStock,
  host,
  layoutShifts,
  mounted,
  preConsent,
  signUp,
  watchLayoutShifts,
} from '../widgets/helpers';
import { pausedDocument } from './paused-document';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The page's width beyond the screen's, once its islands have mounted. */
async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('phones: nothing is wider than the screen (390 px)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  const paths = [
    '',
    'product-list/phones/',
    'product/redmi-note-14-pro/',
    'support/',
    'support/faq/',
    'smart-home/',
    'cart/',
    'checkout/',
    'business/',
  ];
  for (const urlLocal of ['de', 'id', 'ae-ar']) {
    test(`/${urlLocal}/ pages`, async ({ page, context }) => {
      await preConsent(context);
      const wide: string[] = [];
      for (const path of paths) {
        const response = await page.goto(`/${urlLocal}/${path}`);
        expect(response?.status(), path).toBe(200);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`/${urlLocal}/${path}: ${extra}px`);
      }
      expect(wide).toEqual([]);
    });
  }
});

test.describe('the cookie banner leaves the page usable under it', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`the footer's last links stay visible and clickable above the banner (${viewport.width} px)`, async ({
      browser,
    }) => {
      // A new visitor: nothing stored, so the banner asks.
      const context = await browser.newContext({ viewport, isMobile: viewport === PHONE });
      const page = await context.newPage();
      await page.goto('/id/support/');
      const banner = page.getByTestId('consent-banner');
      await expect(banner).toBeVisible();
      // The page ends above the banner (its height is published just after it shows)…
      await expect
        .poll(() => page.evaluate(() => document.body.style.getPropertyValue('--consent-banner-height')))
        .not.toBe('');
      await page.waitForLoadState('networkidle');
      // …so at the very end of the page every link and button of the footer's last row (copyright, legal links,
      // cookie settings) is above the banner and nothing lies over it.
      // Polled: the banner slides in, so its final place is known a moment after it shows.
      const covered = () =>
        page.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const top = document.querySelector('[data-testid="consent-banner"]')!.getBoundingClientRect().top;
          const last = Array.from(
            document.querySelectorAll<HTMLElement>('.footer__bottom a, .footer__bottom button, .footer__copyright'),
          );
          if (last.length < 2) return ['the footer has no last row'];
          return last
            .filter((el) => {
              const r = el.getBoundingClientRect();
              const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return r.bottom > top + 1 || at === null || !(el === at || el.contains(at));
            })
            .map((el) => el.outerHTML.slice(0, 80));
        });
      await expect.poll(covered, { timeout: 5_000 }).toEqual([]);
      // The chat launcher stays clickable too, and does not cover the banner's buttons.
      const launcher = (await page.locator('.chat-host').boundingBox())!;
      for (const button of await banner.locator('button').all()) {
        const b = (await button.boundingBox())!;
        const overlaps =
          b.x < launcher.x + launcher.width &&
          launcher.x < b.x + b.width &&
          b.y < launcher.y + launcher.height &&
          launcher.y < b.y + b.height;
        expect(overlaps).toBe(false);
      }
      // Once a choice is made the banner goes; the page still ends above the launcher's corner.
      await page.getByTestId('consent-reject').click();
      await expect(banner).toBeHidden();
      const launcherTop = (await page.locator('.chat-host').boundingBox())!.y;
      const footerBottom = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector('footer')!.getBoundingClientRect().bottom;
      });
      expect(footerBottom).toBeLessThanOrEqual(launcherTop + 1);
      await context.close();
    });
  }
});

test.describe('mega-menu: WAI-ARIA disclosure navigation', () => {
  test.use({ viewport: DESKTOP });

  test('Enter and Space open and close a panel without leaving the page; ArrowDown enters; Escape returns', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const item = page.locator('[data-mega-menu] [data-mega-item]').first();
    const trigger = item.locator('[data-mega-trigger]');
    const panel = item.locator('[data-mega-panel]');
    await expect(trigger).toHaveAttribute('role', 'button');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(new URL(page.url()).pathname).toBe('/id/');
    // The panel's images load once it opens (they cost nothing while it is closed).
    await expect(panel.locator('img[data-src]')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(' ');
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Tab goes into the open panel, to its links.
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    // The category's own page stays one link away inside the panel.
    const href = await trigger.getAttribute('href');
    await expect(panel.locator(`a.mega__all[href="${href}"]`)).toHaveCount(1);
  });

  test('focus leaving the menu closes it; a mouse click on an item follows its link', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const item = page.locator('[data-mega-menu] [data-mega-item]').first();
    const trigger = item.locator('[data-mega-trigger]');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(item.locator('[data-mega-panel]')).toBeVisible();
    await page.locator('#header-search').focus();
    await expect(item.locator('[data-mega-panel]')).toBeHidden();
    const href = await trigger.getAttribute('href');
    await trigger.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('an item without a panel is a plain link: Enter follows it', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const plain = page.locator('[data-mega-menu] .mega__item:not([data-mega-item]) .mega__trigger').first();
    const href = await plain.getAttribute('href');
    expect(await plain.getAttribute('role')).toBeNull();
    await plain.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe('the POCO item is highlighted on POCO pages only', () => {
  test.use({ viewport: DESKTOP });

  const highlight = (page: Page) =>
    page.locator('.mega__item--poco .mega__trigger').evaluate((el) => getComputedStyle(el).boxShadow);
  const plainItem = (page: Page) =>
    page
      .locator('.mega__item--default .mega__trigger')
      .first()
      .evaluate((el) => getComputedStyle(el).boxShadow);

  test('checkout and the home page: like every other item; /poco/ and POCO products: highlighted', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    // Checkout sends anonymous shoppers to sign in: a signed-in shopper sees it.
    await signUp(page, 'id', 'Poco Checker');
    for (const path of ['/id/checkout/', '/id/', '/id/product/redmi-note-14-pro/']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await highlight(page), path).toBe(await plainItem(page));
    }
    for (const path of ['/id/poco/', '/id/product/poco-f7/']) {
      await page.goto(path);
      expect(await highlight(page), path).not.toBe(await plainItem(page));
    }
  });
});

test.describe('no layout shift while the islands mount', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`home, support, list and product pages of id, de and ae-ar (${viewport.width} px, new visitor)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, isMobile: viewport === PHONE });
      const page = await context.newPage();
      await watchLayoutShifts(page);
      const shifted: string[] = [];
      for (const path of [
        '/id/',
        '/id/support/',
        '/de/',
        '/de/product-list/phones/',
        '/de/product/redmi-note-14-pro/',
        '/de/product/xiaomi-15t-pro/',
        '/ae-ar/',
        '/ae-ar/support/',
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The idle islands (header, chat launcher) and the eager consent banner have mounted.
        await expect(host(page, 'live-chat')).toHaveAttribute('data-state', 'mounted');
        await expect(page.getByTestId('consent-banner')).toBeVisible();
        // On the product page the add-to-cart island mounts in view on a desktop (load="visible").
        if (path.includes('/product/') && viewport === DESKTOP)
          await expect(host(page, 'add-to-cart')).toHaveAttribute('data-state', 'mounted');
        const shifts = await layoutShifts(page);
        // Sub-pixel rounding of fonts and grid tracks can move a box by a fraction of a pixel on a busy machine
        // (shifts of 0.0002–0.009 seen in CI); anything a shopper could see (0.01, a tenth of Lighthouse's "good")
        // fails.
        if (shifts >= 0.01) shifted.push(`${path}: ${shifts.toFixed(4)}`);
      }
      expect(shifted).toEqual([]);
      await context.close();
    });
  }
});

/**
 * Where a page's HTML can be cut short inside the header bar: before the opening tag of each of its parts. A
 * storefront's header may lack one (only some menus have a desktop strip).
 */
function headerBarCuts(html: string): (readonly [part: string, cut: number])[] {
  return ['header__nav', 'header__search', 'header__actions']
    .map((part) => [part, html.lastIndexOf('<', html.indexOf(`class="${part}`))] as const)
    .filter(([, cut]) => cut > 0);
}

test.describe('the header keeps its layout while the page is still arriving', () => {
  // Browsers paint what they have parsed when the HTML arrives in pieces (Lighthouse saw the header row grow by
  // 4 px on a phone once the account and cart icons were parsed, a shift of 0.001 on /ae-ar/). Chromium now
  // waits for the whole header (next describe); Firefox and Safari do not, so the phone header's CSS keeps what
  // was parsed in place: the page is served cut short before each part of the header bar, and what was already
  // there must not move when the rest arrives. Phones only: on a desktop the bar still rearranges in those
  // browsers (the search is centred in the room the account and cart links leave), a gap left open.
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  const boxes = (page: Page) =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.header__bar > *, .header__bar > * > *')].map((el, i) => {
          const r = el.getBoundingClientRect();
          return [`${i} ${el.getAttribute('class') ?? el.nodeName}`, `${r.x},${r.y} ${r.width}x${r.height}`];
        }),
      ),
    );
  for (const urlLocal of ['id', 'de', 'ae-ar']) {
    test(`/${urlLocal}/: the boxes parsed before each part of the header bar stay where they are`, async ({
      page,
      context,
    }) => {
      await preConsent(context);
      await page.goto(`/${urlLocal}/`);
      const full = await boxes(page);
      const html = await (await page.request.get(`/${urlLocal}/`)).text();
      const cuts = headerBarCuts(html);
      expect(cuts.map(([part]) => part)).toContain('header__actions');
      const moved: string[] = [];
      for (const [part, cut] of cuts) {
        await page.route(`**/${urlLocal}/`, (route) =>
          route.fulfill({ body: html.slice(0, cut), contentType: 'text/html; charset=utf-8' }),
        );
        await page.goto(`/${urlLocal}/`);
        for (const [name, box] of Object.entries(await boxes(page)))
          if (full[name] !== box) moved.push(`before ${part}: ${name} ${box} → ${full[name]}`);
        await page.unrouteAll();
      }
      expect(moved).toEqual([]);
    });
  }
});

test.describe('a page arriving in pieces is not painted with half a header', () => {
  // A proxy sends the page up to each part of the header bar, pauses, then sends the rest. Before
  // page-head.tsx held the first paint, Chromium painted the half header on a desktop and the search moved
  // when the account and cart links arrived (a shift of 0.006 on /id/ and /de/).
  const PAUSE_MS = 600;
  for (const viewport of [PHONE, DESKTOP]) {
    for (const urlLocal of ['id', 'de', 'ae-ar']) {
      test(`/${urlLocal}/ (${viewport.width} px): first painted with the whole header, nothing shifts`, async ({
        browser,
        baseURL,
      }) => {
        const context = await browser.newContext({ viewport, isMobile: viewport === PHONE });
        await preConsent(context);
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { shifted: string[] };
          w.shifted = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              sources: { node?: Node }[];
            })[])
              w.shifted.push(
                `${entry.value.toFixed(4)} ${entry.sources
                  .map((source) => (source.node as Element | undefined)?.className ?? '?')
                  .join(', ')}`,
              );
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const path = `/${urlLocal}/`;
        const html = await (await page.request.get(path)).text();
        const cuts = headerBarCuts(html);
        expect(cuts.map(([part]) => part)).toContain('header__actions');
        const seen: string[] = [];
        for (const [part, cut] of cuts) {
          const proxy = await pausedDocument(baseURL!, path, html, cut, PAUSE_MS);
          try {
            await page.goto(`${proxy.origin}${path}`);
            const { firstPaint, shifted } = await page.evaluate(() => ({
              firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
              shifted: (window as unknown as { shifted: string[] }).shifted,
            }));
            if (firstPaint < PAUSE_MS)
              seen.push(`before ${part}: first painted at ${Math.round(firstPaint)} ms, during the pause`);
            for (const shift of shifted) seen.push(`before ${part}: shift ${shift}`);
          } finally {
            await proxy.close();
          }
        }
        expect(seen).toEqual([]);
        await context.close();
      });
    }
  }
});

test.describe("no layout shift while the cart and checkout load a signed-in shopper's cart", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`/id/cart/ and /id/checkout/ with a phone in the cart (${viewport.width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, isMobile: viewport === PHONE });
      await preConsent(context);
      const page = await context.newPage();
      await page.goto('/id/');
      await signUp(page, 'id', 'Layout');
      const added = await page.request.post('/api/id/cart', {
        data: { action: 'add', commodityId: commodityInStock('id'), quantity: 1 },
        headers: { Accept: 'application/json' },
      });
      expect(added.ok(), await added.text()).toBe(true);
      await watchLayoutShifts(page);
      for (const [path, name] of [
        ['/id/cart/', 'cart'],
        ['/id/checkout/', 'checkout'],
      ] as const) {
        await page.goto(path);
        await mounted(page, name);
        await page.waitForLoadState('networkidle');
        expect(page.url(), 'a signed-in shopper stays on the page').toContain(path);
        expect(await layoutShifts(page), path).toBeLessThan(0.01);
      }
      await context.close();
    });
  }
});

test.describe("form controls are set in the page's font", () => {
  // Browsers give buttons and fields a font of their own (13.33px Arial in Chromium): the cookie banner's buttons,
  // the header's search button and the product page's fields showed it.
  test('cookie banner, header, product and checkout controls use the font of the text around them', async ({
    page,
  }) => {
    // A signed-in shopper who has not chosen cookies yet: the banner shows on every page.
    await signUp(page, 'id', 'Huruf');
    for (const path of ['/id/', '/id/product/redmi-note-14-pro/', '/de/support/', '/id/checkout/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('consent-accept'), path).toBeVisible();
      const foreign = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('button, input:not([type="hidden"]), select, textarea'))
          .filter((el) => el.checkVisibility())
          .filter((el) => {
            const own = getComputedStyle(el);
            const around = getComputedStyle(el.parentElement!);
            return own.fontFamily !== around.fontFamily || own.fontSize === '13.3333px';
          })
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${el.className}` +
              ` "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
          ),
      );
      expect(foreign, path).toEqual([]);
    }
  });
});

test.describe('text is set in few fonts (base.css, "Type")', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  // Each size and weight is a font Chromium finds and prepares during layout (a round trip to the browser process
  // each on Linux): 13 of them on /de/ and 15 on the German product page made most of the first frame's layout time.
  // With the four sizes of the scale these pages use 6 or 7.
  test('two weights, and at most 8 size-and-weight pairs on a page with its islands and the cookie banner', async ({
    page,
  }) => {
    for (const path of ['/de/', '/de/product/xiaomi-15t/', '/ae-ar/support/', '/id/support/faq/details/1001/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('consent-accept'), path).toBeVisible();
      const fonts = await page.evaluate(() => {
        const seen = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (!node.textContent?.trim() || !element?.getClientRects().length) continue;
          const style = getComputedStyle(element);
          seen.add(`${style.fontSize} ${style.fontWeight}`);
        }
        return [...seen].sort();
      });
      expect(
        fonts.filter((font) => !/ (400|700)$/.test(font)),
        path,
      ).toEqual([]);
      expect(fonts.length, `${path}: ${fonts.join(', ')}`).toBeLessThanOrEqual(8);
    }
  });
});

test.describe('delivery: compressed pages, favicon and web app manifest', () => {
  test('pages come Brotli- or gzip-encoded as the browser asks, with Vary', async ({ request }) => {
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get('/de/', { headers: { 'Accept-Encoding': encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding']).toBe(encoding);
      expect(res.headers()['vary']?.toLowerCase()).toContain('accept-encoding');
      expect(await res.text()).toContain('<html lang="de-DE"');
    }
  });

  test('the footer below the fold is not rendered, nor its images loaded, until the shopper scrolls near it', async ({
    page,
  }) => {
    const footerImages: string[] = [];
    page.on('request', (req) => {
      if (/\/images\/(social|app|legal)\//.test(req.url())) footerImages.push(req.url());
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/id/');
    await page.waitForLoadState('load');
    const footer = page.locator('footer.footer');
    // The footer's own box is laid out at its reserved size; what is skipped is its content.
    const rendered = () =>
      footer.evaluate((el) => el.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    expect(footerImages).toEqual([]);
    await page.keyboard.press('End');
    await expect.poll(rendered).toBe(true);
    await expect.poll(() => footerImages.length).toBeGreaterThan(0);
    // Skipped content stays in the accessibility tree: its links are reachable before it renders.
    await page.goto('/id/');
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeAttached();
  });

  test('/favicon.ico is an icon, and every storefront links its own manifest', async ({ page, request }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect((await ico.body()).subarray(0, 4).toString('hex')).toBe('00000100');
    for (const [urlLocal, lang, dir] of [
      ['id', 'id-ID', 'ltr'],
      ['ae-ar', 'ar-AE', 'rtl'],
    ] as const) {
      await page.goto(`/${urlLocal}/support/`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe(`/${urlLocal}/manifest.webmanifest`);
      const manifest = (await (await request.get(href!)).json()) as {
        start_url: string;
        scope: string;
        lang: string;
        dir: string;
        icons: { src: string }[];
      };
      expect(manifest).toMatchObject({ start_url: `/${urlLocal}/`, scope: `/${urlLocal}/`, lang, dir });
      for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });
});
