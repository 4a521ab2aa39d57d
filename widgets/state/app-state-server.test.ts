import { describe, expect, it } from 'vitest';
import { companyStatus, headerButtons, isExemptVat, loadAppState, notifyMessage } from './app-state';

describe('app state from the server', () => {
  it('a failed answer leaves the defaults; the first good answer sets every field, once per page', async () => {
    // The module keeps one load per page, so the failing call is the first and only one here.
    let calls = 0;
    await loadAppState(() => {
      calls += 1;
      return Promise.reject(new Error('network'));
    });
    expect([companyStatus.value, isExemptVat.value, notifyMessage.value, headerButtons.value]).toEqual([
      2,
      false,
      '',
      [],
    ]);
    await loadAppState(() => {
      calls += 1;
      return Promise.resolve({ companyStatus: 3, isExemptVat: true, notifyMessage: 'Active', headerButtons: [] });
    });
    expect(calls).toBe(1);
  });
});
