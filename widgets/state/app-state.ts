import { signal } from '@preact/signals-core';

/** The company status of business accounts. */
export const CompanyStatus = { PENDING: 1, BAD: 2, GOOD: 3, REJECTED: 4, EXPIRED: 5 } as const;
export type CompanyStatusValue = (typeof CompanyStatus)[keyof typeof CompanyStatus];

export interface HeaderButton {
  text: string;
  href: string;
  icon?: string;
}

/** App state: header buttons, notify message, company status (default BAD), VAT exemption. */
export const headerButtons = signal<HeaderButton[]>([]);
export const notifyMessage = signal<string>('');
export const companyStatus = signal<CompanyStatusValue>(CompanyStatus.BAD);
export const isExemptVat = signal(false);

const initial = {
  headerButtons: [] as HeaderButton[],
  notifyMessage: '',
  companyStatus: CompanyStatus.BAD as CompanyStatusValue,
  isExemptVat: false,
};

/** Each field settable and resettable; resetting the company status returns it to BAD. */
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

/** The app state as the server answers it (GET business/state); never read from browser storage. */
export interface ServerAppState {
  companyStatus: CompanyStatusValue;
  isExemptVat: boolean;
  notifyMessage: string;
  headerButtons: HeaderButton[];
}

/** Sets every field from the server's answer, the one source of the company status and VAT exemption. */
export function applyServerAppState(s: ServerAppState): void {
  appState.setCompanyStatus(s.companyStatus);
  appState.setExemptVat(s.isExemptVat);
  appState.setNotifyMessage(s.notifyMessage);
  appState.setHeaderButtons(s.headerButtons);
}

let pending: Promise<void> | null = null;
/**
 * Loads the app state from `{api}/business/state` once per page (the business pages and the header share it);
 * on failure the defaults stay (BAD, no exemption). `fetchState` is the request, injected to keep this module
 * free of the request layer.
 */
export function loadAppState(fetchState: () => Promise<ServerAppState>): Promise<void> {
  pending ??= fetchState().then(applyServerAppState, () => undefined);
  return pending;
}
