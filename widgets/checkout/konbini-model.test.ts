import { describe, expect, it } from 'vitest';
import { codeIsOpen, konbiniStoreOf } from './konbini-model';
import { hasAsyncFlow } from './async-payment-model';

describe('konbini in the checkout island', () => {
  it('reads the chain of a konbini key and nothing else', () => {
    expect(konbiniStoreOf('konbini:lawson')).toBe('lawson');
    expect(konbiniStoreOf('konbini:seven_eleven')).toBe('seven_eleven');
    expect(konbiniStoreOf('konbini:unknown')).toBeNull();
    expect(konbiniStoreOf('ewallet:gopay')).toBeNull();
    expect(konbiniStoreOf('qris')).toBeNull();
  });

  it('lists the konbini chains among the methods with a flow', () => {
    expect(hasAsyncFlow({ method: 'konbini' })).toBe(true);
  });

  it('shows a code only while it waits and before its deadline', () => {
    expect(codeIsOpen({ state: 'pending', expiresAt: 2_000 }, 1_000)).toBe(true);
    expect(codeIsOpen({ state: 'pending', expiresAt: 1_000 }, 1_000)).toBe(false);
    expect(codeIsOpen({ state: 'paid', expiresAt: 2_000 }, 1_000)).toBe(false);
    expect(codeIsOpen({ state: 'expired', expiresAt: 2_000 }, 1_000)).toBe(false);
  });
});
