import { expect, test, type Page } from '@playwright/test';
import { commodityInStock, hostString, mounted, preConsent, signUp } from './helpers';
import { berlin, jakarta, placedOrder, saveAddress } from './after-sale-helpers';

/** The payment page of an order, its island mounted and its list of local methods loaded. */
async function paymentPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await mounted(page, 'checkout');
  await expect(page.getByTestId('card-payment')).toBeVisible();
}

/**
 * The Android store app's bridge as its webview injects it (docs/app-bridge.md): it answers whether LINE Pay and WeChat
 * are installed from `installed`, and that it does not know any other call.
 */
function fakeBridge(installed: string[]): void {
  const w = window as unknown as {
    StoreAppBridge: unknown;
    __storeAppBridgeAnswer?: (id: string, answer: string) => boolean;
  };
  const knows: Record<string, string> = { 'linePay.installed': 'linepay', weChatInstalled: 'wechatpay' };
  w.StoreAppBridge = {
    version: () => '3.18.0',
    postMessage(json: string) {
      const message = JSON.parse(json) as { id: string; call: string };
      const wallet = knows[message.call];
      const answer = wallet ? { ok: true, value: installed.includes(wallet) } : { ok: false, error: 'unsupported' };
      setTimeout(() => w.__storeAppBridgeAnswer?.(message.id, JSON.stringify(answer)), 10);
    },
  };
}

test.describe('wallets in the browser and in the app', () => {
  test('de: Apple Pay hidden in Chromium with the reason; Google Pay as Chromium detects it', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'de', 'Geldbörse');
    await saveAddress(page, 'de', berlin());
    const orderId = await placedOrder(page, 'de', commodityInStock('de'));
    await paymentPage(page, `/de/buy/card-payment/?orderId=${orderId}`);
    // What this Chromium says, asked the way the island asks it.
    const detected = await page.evaluate(async () => {
      const w = window as unknown as { ApplePaySession?: unknown };
      let googlePay = false;
      try {
        const request = new PaymentRequest(
          [
            {
              supportedMethods: 'https://google.com/pay',
              data: {
                environment: 'TEST',
                apiVersion: 2,
                apiVersionMinor: 0,
                allowedPaymentMethods: [
                  {
                    type: 'CARD',
                    parameters: {
                      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                      allowedCardNetworks: ['MASTERCARD', 'VISA'],
                    },
                  },
                ],
              },
            },
          ],
          { total: { label: 'check', amount: { currency: 'EUR', value: '0.00' } } },
        );
        googlePay = await Promise.race([
          request.canMakePayment(),
          new Promise<boolean>((r) => setTimeout(() => r(false), 1500)),
        ]);
      } catch {
        googlePay = false;
      }
      return { applePay: typeof w.ApplePaySession !== 'undefined', googlePay };
    });
    expect(detected.applePay).toBe(false);
    const methods = page.getByTestId('local-pay-methods');
    await expect(methods.locator('.pay-methods__notes')).toContainText(
      await hostString(page, 'checkout', 'checkout.method.reason.paymentRequest'),
    );
    await expect(methods.locator('[data-method="apple_pay"]')).toHaveCount(0);
    await expect(methods.locator('[data-method="google_pay"]')).toHaveCount(detected.googlePay ? 1 : 0);
    // The card form is still there.
    await expect(page.locator('#card-number')).toBeVisible();
  });

  test('id/app: LINE Pay only when the bridge reports its app; paid through the sandbox in a pop-up', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Dompet');
    await saveAddress(page, 'id', jakarta());
    const orderId = await placedOrder(page, 'id', commodityInStock('id'));
    const path = `/id/app/buy/card-payment/?orderId=${orderId}`;
    const methods = page.getByTestId('local-pay-methods');

    // No bridge's word: no LINE Pay, and the reason names it.
    await paymentPage(page, path);
    await expect(methods.locator('.pay-methods__notes')).toContainText('LINE Pay');
    await expect(methods.locator('[data-method="ewallet:linepay"]')).toHaveCount(0);

    await page.addInitScript(fakeBridge, ['linepay']);
    await paymentPage(page, path);
    await methods.locator('[data-method="ewallet:linepay"] input').check();
    const popup = page.waitForEvent('popup');
    await page.getByTestId('async-pay').click();
    const wallet = await popup;
    await wallet.getByTestId('async-approve').click();
    await wallet.waitForURL((url) => url.pathname.includes('/payment-result/'));
    // The checkout behind the pop-up polls the payment to its outcome, which the signed webhook decided.
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
  });

  test('id/app: a blocked pop-up says so and offers the wallet in the same tab', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Popup');
    await saveAddress(page, 'id', jakarta());
    const orderId = await placedOrder(page, 'id', commodityInStock('id'));
    await page.addInitScript(fakeBridge, ['linepay']);
    // The browser's pop-up filter: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await paymentPage(page, `/id/app/buy/card-payment/?orderId=${orderId}`);
    await page.getByTestId('local-pay-methods').locator('[data-method="ewallet:linepay"] input').check();
    await page.getByTestId('async-pay').click();
    await expect(page.getByTestId('payment-message')).toHaveText(
      await hostString(page, 'checkout', 'payment.wallet.error.popupBlocked'),
    );
    await page.getByTestId('wallet-same-tab').click();
    await page.getByTestId('async-approve').click();
    await page.waitForURL((url) => url.pathname.includes('/payment-result/'));
    await mounted(page, 'checkout');
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
  });
});
