import { describe, expect, it } from 'vitest';
import {
  applyServerAppState,
  companyStatus,
  headerButtons,
  isExemptVat,
  loadAppState,
  notifyMessage,
} from './app-state';

describe('applying the server app state', () => {
  it('sets company status, VAT exemption, notify message and header buttons from one answer', async () => {
    await loadAppState(() =>
      Promise.resolve({
        companyStatus: 1,
        isExemptVat: false,
        notifyMessage: 'Under review',
        headerButtons: [{ text: 'Business account', href: '/in/business/account/' }],
      }),
    );
    expect([companyStatus.value, notifyMessage.value, headerButtons.value.length]).toEqual([1, 'Under review', 1]);
    applyServerAppState({ companyStatus: 3, isExemptVat: true, notifyMessage: 'Active', headerButtons: [] });
    expect([companyStatus.value, isExemptVat.value, notifyMessage.value, headerButtons.value]).toEqual([
      3,
      true,
      'Active',
      [],
    ]);
  });
});
