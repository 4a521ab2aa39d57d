import { expect, test } from '@playwright/test';
import { mailLink, mounted, preConsent, signUp, staffConsole } from './helpers';

test.describe('support desk (offline form, tickets by mail, service appointments)', () => {
  test('id: staff answer a visitor’s contact form; the answer reaches the visitor’s mail and ticket page', async ({
    page,
    context,
    browser,
  }) => {
    await preConsent(context);
    await page.goto('/id/support/offline-form/');
    await mounted(page, 'support-desk');
    const form = page.getByTestId('offline-form');
    const email = `visitor${Date.now()}@example.com`;
    await form.locator('input[name="name"]').fill('Siti Rahma');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('select[name="requestType"]').selectOption('delivery');
    // 10–500 characters; too short is marked on the field, nothing is sent.
    await form.locator('textarea[name="text"]').fill('Where?');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('textarea[name="text"]')).toHaveAttribute('aria-invalid', 'true');
    await form.locator('textarea[name="text"]').fill('My parcel has not arrived for a week. Order placed on Monday.');
    await form.locator('button[type="submit"]').click();
    // Nothing reaches staff until the address confirms: the page asks to open the link mailed to it.
    const sent = page.getByTestId('offline-form-sent');
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(email);

    // The confirmation mail's link opens the ticket and shows its number.
    const confirm = await mailLink(page, email, 'ticket-confirm');
    expect(confirm).toMatch(/^\/id\/support\/offline-form\/\?token=/);
    await page.goto(confirm);
    await mounted(page, 'support-desk');
    const confirmed = page.getByTestId('offline-form-confirmed');
    await expect(confirmed).toBeVisible();
    const number = (await confirmed.getAttribute('data-ticket'))!;
    expect(number).toMatch(/^T\d+$/);
    await expect(confirmed).toContainText(email);
    await expect(page.getByTestId('ticket')).toHaveAttribute('data-status', 'open');

    // The mail carries the number and a link that opens the ticket without an account.
    const link = await mailLink(page, email, 'ticket-received');
    expect(link).toMatch(/^\/id\/support\/ticket\/\?token=/);

    // Staff answer from the console.
    const staff = await staffConsole(browser, 'tickets');
    await expect(staff.getByTestId('staff-tickets')).toBeVisible();
    await staff.locator(`[data-ticket="${number}"] button`).click();
    await staff
      .locator('textarea[name="staff-reply"]')
      .fill('The courier delivers tomorrow morning. Sorry for the wait!');
    await staff.getByRole('button', { name: 'Kirim jawaban' }).click();
    await expect(staff.getByTestId('staff-ticket')).toHaveAttribute('data-status', 'in_progress');

    // The answer arrives by mail; its link shows the thread, and the visitor answers back.
    const replyLink = await mailLink(page, email, 'ticket-reply');
    await page.goto(replyLink);
    await mounted(page, 'support-desk');
    const ticket = page.getByTestId('ticket');
    await expect(ticket.getByTestId('ticket-thread').locator('[data-author="staff"]')).toContainText(
      'The courier delivers tomorrow morning.',
    );
    await ticket.locator('textarea[name="reply"]').fill('Thank you, I will be at home.');
    await ticket.locator('button[type="submit"]').click();
    await expect(ticket.getByTestId('ticket-thread').locator('[data-author="customer"]')).toHaveCount(2);

    // Staff mark it resolved; the visitor confirms, and it closes.
    await staff.locator('select[name="status"]').selectOption('resolved');
    await staff.getByRole('button', { name: 'Simpan' }).click();
    await expect(staff.getByTestId('staff-ticket')).toHaveAttribute('data-status', 'resolved');
    await page.goto(link);
    await mounted(page, 'support-desk');
    await page.getByRole('button', { name: 'Ya, terselesaikan' }).click();
    await expect(page.getByTestId('ticket')).toHaveAttribute('data-status', 'closed');
    await staff.context().close();
  });

  test('id: a shopper finds a centre in a city, books a free time, sees it under my requests and cancels it', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Booking Shopper');
    await page.goto('/id/support/service-center/');
    await mounted(page, 'support-desk');
    await page.getByTestId('service-centres').locator('select[name="city"]').selectOption('Surabaya');
    const card = page.locator('[data-centre="id-surabaya-tunjungan"]');
    await expect(card).toBeVisible();
    await expect(page.locator('[data-centre="id-jakarta-sudirman"]')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Lihat di peta' })).toHaveAttribute('href', /openstreetmap\.org/);
    await card.getByRole('button', { name: 'Buat janji temu' }).click();
    const form = card.getByTestId('booking-form');
    await form.locator('select[name="service"]').selectOption('battery');
    // Tomorrow (the first day may be nearly over); the mall centre is open every day.
    const day = form.locator('select[name$="-date"]');
    const second = await day.locator('option').nth(1).getAttribute('value');
    await day.selectOption(second!);
    const free = form.locator('input[type="radio"]:not([disabled])').first();
    await free.check();
    await form.locator('button[type="submit"]').click();
    const booked = card.getByTestId('booked');
    await expect(booked).toBeVisible();
    const id = (await booked.getAttribute('data-appointment'))!;

    await page.goto('/id/user/my-request/');
    await mounted(page, 'support-desk');
    const item = page.locator(`[data-appointment="${id}"]`);
    await expect(item).toHaveAttribute('data-state', 'confirmed');
    await expect(item.getByTestId('appointment-time')).toContainText(second!);
    await item.getByRole('button', { name: 'Batalkan janji temu' }).click();
    await expect(item).toHaveAttribute('data-state', 'cancelled');
  });
});
