import { expect, test } from '@playwright/test';
import { cookie, host, layoutShifts, mounted, preConsent, productInStock, signUp, watchLayoutShifts } from './helpers';

test.describe('header islands', () => {
  test('the cart count follows an add to cart', async ({ page, context }) => {
    await preConsent(context);
    const id = productInStock('id');
    await page.goto(`/id/product/${id}/`);
    await mounted(page, 'cart-count');
    await expect(page.getByTestId('cart-count').locator('.cart-count__badge')).toHaveText('0');
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await expect(page.getByTestId('cart-count').locator('.cart-count__badge')).toHaveText('1');
    // The server agrees after a reload (misc/info).
    await page.reload();
    await mounted(page, 'cart-count');
    await expect(page.getByTestId('cart-count').locator('.cart-count__badge')).toHaveText('1');
  });

  test('anonymous users get a sign-in link back to the page; signed-in users their nickname', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/id/support/');
    await mounted(page, 'header-user');
    const signIn = page.getByTestId('header-user-signin');
    const href = await signIn.getAttribute('href');
    expect(href).toMatch(/^\/api\/id\/site\/login\?redirectUrl=/);
    expect(decodeURIComponent(href!.split('redirectUrl=')[1]!)).toMatch(/\/id\/support\/$/);

    await signUp(page, 'id', 'Widget Tester');
    expect(await cookie(context, 'userId')).not.toBeNull();
    await page.reload();
    await mounted(page, 'header-user');
    await expect(page.getByTestId('header-user-name')).toHaveText('Widget Tester');
  });
});

test.describe('signed-in header', () => {
  test('the account entry keeps its box when it learns the shopper: no layout shift on a desktop', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await preConsent(context);
    const page = await context.newPage();
    await signUp(page, 'id', 'Steady Header');
    await watchLayoutShifts(page);
    await page.goto('/id/support/');
    await mounted(page, 'header-user');
    await expect(page.getByTestId('header-user-menu')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShifts(page)).toBeLessThan(0.01);
    await context.close();
  });

  test('unread messages are a badge on the account icon and a link in its panel: the header row does not move', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await preConsent(context);
    const page = await context.newPage();
    // Every new account has its welcome message, unread.
    await signUp(page, 'id', 'Unread Header');
    // Which boxes of the header moved, not only how much: a box added to the header row once the count was known
    // moved the row by 71 px on a phone, a shift of 0.003, under any threshold a sum is given. (The rest of the
    // page is held to the shift threshold of layout.spec.ts.)
    await page.addInitScript(() => {
      const w = window as unknown as { moved: string[] };
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node }[] })[])
          for (const source of entry.sources ?? [])
            if (source.node instanceof Element && source.node.closest('header'))
              w.moved.push(source.node.className || source.node.tagName);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/id/support/');
    await mounted(page, 'header-user');
    await mounted(page, 'cart-count');
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
    await expect(page.getByTestId('header-user-menu')).toHaveAccessibleName('Akun saya, pesan belum dibaca: 1');
    await page.getByTestId('header-user-menu').click();
    await page.getByTestId('unread-messages').click();
    await page.waitForURL((url) => url.pathname === '/id/user/message/');
    await context.close();
  });
});

test.describe('sign-in and sign-out pages', () => {
  test('sign out from the header, then sign in on the API page and come back to the same page', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const { email, password } = await signUp(page, 'id', 'Round Trip');
    await page.goto('/id/support/');
    await mounted(page, 'header-user');
    await expect(page.getByTestId('header-user-name')).toHaveText('Round Trip');

    // The signed-in entry keeps the icon's box (no shift); its panel holds the name and sign-out.
    await expect(page.getByTestId('header-user-name')).toBeHidden();
    await page.getByTestId('header-user-menu').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('header-user-name')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('header-user-name')).toBeHidden();
    await expect(page.getByTestId('header-user-menu')).toBeFocused();
    await page.getByTestId('header-user-menu').click();
    await page.locator('.header-user__signout button').click();
    await page.waitForURL((url) => url.pathname === '/id/');
    expect(await cookie(context, 'userId')).toBeNull();
    await mounted(page, 'header-user');
    await expect(page.getByTestId('header-user-signin')).toBeVisible();

    await page.goto('/id/support/');
    await mounted(page, 'header-user');
    await page.getByTestId('header-user-signin').click();
    await page.waitForURL((url) => url.pathname === '/api/id/site/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/id/support/');
    await mounted(page, 'header-user');
    await expect(page.getByTestId('header-user-name')).toHaveText('Round Trip');
  });
});

test.describe('language popover', () => {
  test('choosing a language goes to the same page there with f=switch_lang and sets the cookie', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/id/support/');
    const h = host(page, 'language-popover');
    const toggle = h.locator('[data-lang-toggle]');
    await toggle.hover();
    await mounted(page, 'language-popover');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await h.locator('[data-lang-option][data-url-local="de"]').click();
    await page.waitForURL((url) => url.pathname === '/de/support/' && url.search === '?f=switch_lang');
    expect(await cookie(context, 'lang')).toBe('de-DE');
  });

  test('choosing the current storefront does nothing', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/support/');
    const h = host(page, 'language-popover');
    const toggle = h.locator('[data-lang-toggle]');
    await toggle.hover();
    await mounted(page, 'language-popover');
    await toggle.click();
    await h.locator('[data-lang-option][data-url-local="id"]').click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/id/support/');
    expect(new URL(page.url()).search).toBe('');
    expect(await cookie(context, 'lang')).toBeNull();
  });
});

test.describe('mega-menu', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('opens on hover after the delay and closes on leave', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const item = page.locator('[data-mega-menu] [data-mega-item]').first();
    const panel = item.locator('[data-mega-panel]');
    await expect(panel).toBeHidden();
    await item.locator('[data-mega-trigger]').hover();
    await expect(panel).toBeVisible();
    await expect(item.locator('[data-mega-trigger]')).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(5, 890);
    await expect(panel).toBeHidden();
  });

  test('works by keyboard: ArrowDown opens and enters, arrows move, Escape closes', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const items = page.locator('[data-mega-menu] [data-mega-item]');
    const first = items.first().locator('[data-mega-trigger]');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const panel = items.first().locator('[data-mega-panel]');
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(first).toBeFocused();
    if ((await items.count()) > 1) {
      await page.keyboard.press('ArrowRight');
      await expect(items.nth(1).locator('[data-mega-trigger]')).toBeFocused();
    }
  });
});

test.describe('slide menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // kr uses the legacy header (navigation v0), which has the slide menu.
  test('a tap before the island loaded still opens the menu; submenu and back; one accordion open', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/kr/');
    const menu = page.locator('[data-slide-menu]');
    await expect(menu).toBeHidden();
    // The first tap both loads the island (interaction strategy) and, replayed after mount, opens the menu.
    await page.locator('[data-slide-toggle]').first().click();
    await expect(menu).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/kr/');

    const open = menu.locator('[data-slide-open]').first();
    const submenu = menu.locator(`#${await open.getAttribute('data-slide-open')}`);
    await open.click();
    await expect(submenu).toBeVisible();
    await expect(submenu.locator('[data-slide-back]')).toBeFocused();
    await submenu.locator('[data-slide-back]').click();
    await expect(submenu).toBeHidden();
    await expect(open).toBeFocused();

    // The footer accordions of the menu (submenus have their own groups).
    const accordions = menu.locator('details[data-accordion]:visible');
    if ((await accordions.count()) > 1) {
      await accordions.nth(0).locator('summary').click();
      await accordions.nth(1).locator('summary').click();
      await expect(accordions.nth(1)).toHaveAttribute('open', '');
      await expect(accordions.nth(0)).not.toHaveAttribute('open', '');
    }
  });
});
