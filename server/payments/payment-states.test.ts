import { describe, expect, it } from 'vitest';
import {
  nextPaymentState,
  PAYMENT_EVENTS,
  PAYMENT_STATES,
  paymentStateOfRow,
  ROW_STATE,
  isSettled,
} from './payment-states';

describe('the payment state machine', () => {
  it('moves a pending payment by every outcome a provider or the clock gives', () => {
    expect(nextPaymentState('pending', 'authorise')).toBe('authorised');
    expect(nextPaymentState('pending', 'succeed')).toBe('paid');
    expect(nextPaymentState('pending', 'fail')).toBe('failed');
    expect(nextPaymentState('pending', 'expire')).toBe('expired');
    expect(nextPaymentState('authorised', 'succeed')).toBe('paid');
  });

  it('keeps a paid payment paid whatever arrives twice, and refunds only what was paid', () => {
    for (const event of ['authorise', 'succeed', 'fail', 'expire'] as const)
      expect(nextPaymentState('paid', event)).toBeNull();
    expect(nextPaymentState('paid', 'refund')).toBe('refunded');
    expect(nextPaymentState('pending', 'refund')).toBeNull();
    for (const event of PAYMENT_EVENTS) expect(nextPaymentState('refunded', event)).toBeNull();
  });

  it('never drops a late success: an expired or failed payment that took money becomes paid', () => {
    expect(nextPaymentState('expired', 'succeed')).toBe('paid');
    expect(nextPaymentState('failed', 'succeed')).toBe('paid');
    expect(nextPaymentState('expired', 'fail')).toBeNull();
  });

  it('maps every state onto a row state and back', () => {
    for (const state of PAYMENT_STATES) expect(paymentStateOfRow(ROW_STATE[state])).toBe(state);
    expect(paymentStateOfRow('otp_required')).toBe('pending');
    expect(ROW_STATE.paid).toBe('succeeded');
    expect(isSettled('authorised')).toBe(false);
    expect(isSettled('expired')).toBe(true);
  });
});
