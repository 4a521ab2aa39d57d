import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast-duration';

describe('toast duration', () => {
  it('is at least 3000 ms, else length / 50 seconds, unless given', () => {
    expect(toastDuration('short')).toBe(3000);
    expect(toastDuration('x'.repeat(200))).toBe(4000);
    expect(toastDuration('short', 1200)).toBe(1200);
  });
});
