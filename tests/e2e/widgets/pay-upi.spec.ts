import { expect, test } from '@playwright/test';
import { commodityInStock, mounted, ownAddress, preConsent, signUp } from './helpers';
import { json, placedOrder, saveAddress } from './after-sale-helpers';

/** A Mumbai address of the test's own. */
const mumbai = () =>
  ownAddress({
    recipient: 'Asha Rao',
    phone: '9876543210',
    street: '12 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400020',
    landmark: 'Near Churchgate',
  });

test.describe('UPI in /in', () => {
  test('pays by a collect request: the typed UPI ID, approved in the sandbox UPI app, the order paid', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await preConsent(context);
    await signUp(page, 'in', 'Asha');
    await saveAddress(page, 'in', mumbai());
    // The order is placed through the API (the checkout has its own tests); it is paid here, on the payment page.
    const orderId = await placedOrder(page, 'in', commodityInStock('in'));

    await page.goto(`/in/buy/card-payment/?orderId=${orderId}`);
    await mounted(page, 'checkout');
    await page.getByTestId('local-pay-methods').getByRole('radio', { name: 'UPI', exact: true }).check();
    const form = page.getByTestId('upi-payment');
    const field = form.getByLabel('UPI ID', { exact: true });
    // A UPI ID that breaks the rule is caught before anything is sent.
    await field.fill('asha');
    await page.getByTestId('upi-pay').click();
    await expect(page.getByTestId('upi-id-error')).toContainText('valid UPI ID');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('asha@okaxis');
    await page.getByTestId('upi-pay').click();

    const waiting = page.getByTestId('upi-waiting');
    await expect(waiting).toContainText('asha@okaxis');
    await expect(page.getByTestId('upi-countdown')).toContainText(/\d:\d\d/);
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'pending');

    // The payer's UPI app (the sandbox's page of that UPI ID) opens in a new tab; approving there pays.
    const [app] = await Promise.all([context.waitForEvent('page'), page.getByTestId('upi-sandbox-app').click()]);
    await app.waitForLoadState();
    await expect(app.getByTestId('upi-request')).toHaveCount(1);
    await app.getByTestId('upi-approve').click();
    await app.waitForURL((url) => url.pathname.startsWith('/in/checkout/payment-result/'));
    await mounted(app, 'checkout');
    await expect(app.getByTestId('async-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });

    // The checkout tab, still polling, learns it too.
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    const order = await (await page.request.get(`/api/in/order/detail?orderId=${orderId}`, { headers: json })).json();
    expect(JSON.stringify(order.data)).toContain('"paid"');
  });
});
