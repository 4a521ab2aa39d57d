import { signal } from '@preact/signals-core';

/** §3 company status of business accounts. */
export const CompanyStatus = { PENDING: 1, BAD: 2, GOOD: 3, REJECTED: 4, EXPIRED: 5 } as const;
export type CompanyStatusValue = (typeof CompanyStatus)[keyof typeof CompanyStatus];

export interface HeaderButton {
  text: string;
  href: string;
  icon?: string;
}

/** §3/§4 app state: header buttons, notify message, company status (default BAD), VAT exemption. */
export const headerButtons = signal<HeaderButton[]>([]);
export const notifyMessage = signal<string>('');
export const companyStatus = signal<CompanyStatusValue>(CompanyStatus.BAD);
export const isExemptVat = signal(false);

const initial = { headerButtons: [] as HeaderButton[], notifyMessage: '', companyStatus: CompanyStatus.BAD as CompanyStatusValue, isExemptVat: false };

/** Each field settable and resettable (§4); resetting the company status returns it to BAD. */
export const appState = {
  setHeaderButtons: (b: HeaderButton[]) => (headerButtons.value = b),
  resetHeaderButtons: () => (headerButtons.value = initial.headerButtons),
  setNotifyMessage: (m: string) => (notifyMessage.value = m),
  resetNotifyMessage: () => (notifyMessage.value = initial.notifyMessage),
  setCompanyStatus: (s: CompanyStatusValue) => (companyStatus.value = s),
  resetCompanyStatus: () => (companyStatus.value = initial.companyStatus),
  setExemptVat: (v: boolean) => (isExemptVat.value = v),
  resetExemptVat: () => (isExemptVat.value = initial.isExemptVat),
};
