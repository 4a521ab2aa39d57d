import { expect, test } from '@playwright/test';
import { commodityInStock, mounted, preConsent, signUp } from './helpers';
import { digits, jakarta, json, placedOrder, saveAddress } from './after-sale-helpers';

/** What the partial transfer leaves unpaid, so the island has a remaining amount to show. */
const SHORT = 10_000;

test.describe('bank virtual account', () => {
  test('id: pays by virtual account (account shown, a partial then the rest at the sandbox bank, order paid)', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await preConsent(context);
    await signUp(page, 'id', 'Transfer');
    await saveAddress(page, 'id', jakarta());
    // The order is placed through the API (the checkout has its own tests); it is paid on the payment page.
    const orderId = await placedOrder(page, 'id', commodityInStock('id'));

    await page.goto(`/id/buy/card-payment/?orderId=${orderId}`);
    await mounted(page, 'checkout');
    await page.getByTestId('local-pay-methods').locator('[data-method="bank_va"] input').check();
    const choice = page.getByTestId('bank-choice');
    await choice.getByLabel('BNI', { exact: true }).check();
    await page.getByTestId('bank-open').click();
    const panel = page.getByTestId('bank-transfer');
    await expect(panel).toHaveAttribute('data-state', 'pending');
    const number = (await page.getByTestId('bank-account-number').textContent())!.trim();
    expect(number).toMatch(/^8808\d{11}$/);
    const amount = digits(await page.getByTestId('bank-amount').textContent());
    expect(amount).toBeGreaterThan(SHORT);

    // The sandbox bank in another tab: a transfer short of the amount, then the rest (prefilled with what is owed).
    const bank = await context.newPage();
    await bank.goto(`/api/id/pay/bank/sandbox/transfer?number=${number}`);
    await bank.locator('#va-amount').fill(String(amount - SHORT));
    await bank.getByTestId('bank-sandbox-send').click();
    await expect(bank.getByTestId('bank-sandbox-account')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('bank-remaining')).toContainText('10.000', { timeout: 10_000 });
    await expect(panel).toHaveAttribute('data-state', 'pending');
    await expect(bank.locator('#va-amount')).toHaveValue(String(SHORT));
    await bank.getByTestId('bank-sandbox-send').click();
    await expect(bank.getByTestId('bank-sandbox-account')).toHaveAttribute('data-status', 'paid');

    // The island, polling, sees the order paid; the order says so too.
    await expect(panel).toHaveAttribute('data-state', 'paid', { timeout: 10_000 });
    const detail = await (await page.request.get(`/api/id/order/detail?orderId=${orderId}`, { headers: json })).json();
    expect(detail.data.order.state, JSON.stringify(detail.data.order)).toBe('paid');
  });
});
