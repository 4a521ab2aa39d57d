import { describe, expect, it } from 'vitest';
import { appState, companyStatus, CompanyStatus, headerButtons, isExemptVat, notifyMessage } from './app-state';

describe('app state', () => {
  it('defaults company status to BAD and resets to it', () => {
    expect(companyStatus.value).toBe(CompanyStatus.BAD);
    appState.setCompanyStatus(CompanyStatus.GOOD);
    expect(companyStatus.value).toBe(3);
    appState.resetCompanyStatus();
    expect(companyStatus.value).toBe(2);
  });
  it('sets and resets the other fields', () => {
    appState.setHeaderButtons([{ text: 'Business', href: '/id/business/' }]);
    appState.setNotifyMessage('Under review');
    appState.setExemptVat(true);
    expect([headerButtons.value.length, notifyMessage.value, isExemptVat.value]).toEqual([1, 'Under review', true]);
    appState.resetHeaderButtons();
    appState.resetNotifyMessage();
    appState.resetExemptVat();
    expect([headerButtons.value.length, notifyMessage.value, isExemptVat.value]).toEqual([0, '', false]);
  });
});
