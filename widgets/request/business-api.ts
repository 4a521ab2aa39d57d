import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  BusinessAccountAnswer,
  BusinessAppStateView,
  EnterpriseAccountView,
  StaffBusinessApplicationAnswer,
  StaffBusinessApplicationsAnswer,
} from '../../server/schemas/business';

/** A business application or account as the server shows it to its owner or to staff (server/schemas/business.ts). */
export type EnterpriseAccount = Camelized<EnterpriseAccountView> & { accountEmail?: string };
export type BusinessAccountView = Camelized<BusinessAccountAnswer>;
/** The app state of the business pages, answered by the server. */
export type BusinessAppState = Camelized<BusinessAppStateView>;

export interface ApplicationInput {
  companyName: string;
  address: { street: string; city: string; state: string; postalCode: string };
  contact: { name: string; email: string; phone: string };
  tax: Record<string, string>;
  documentIds: string[];
}

const api = (path: string, base = site.value.api) => `${base}${path}`;

/** The business account calls (the request layer adds flow=company on /business pages). */
export const businessApi = {
  state: () => request<BusinessAppState>(api('/business/state')),
  account: () => request<BusinessAccountView>(api('/business/account')),
  apply: (body: ApplicationInput) =>
    request<BusinessAccountView>(api('/business/apply'), {
      body: body as unknown as Record<string, unknown>,
      json: true,
    }),
  staffList: (status: string, base?: string) =>
    request<Camelized<StaffBusinessApplicationsAnswer>>(api('/staff/business/applications', base), {
      params: { status },
    }).then((r) => r.applications),
  staffDetail: (id: string, base?: string) =>
    request<Camelized<StaffBusinessApplicationAnswer>>(api('/staff/business/application', base), { params: { id } }),
  review: (
    body:
      | { id: string; decision: 'approve'; months: number; vatExempt: boolean }
      | { id: string; decision: 'reject'; reason: string },
    base?: string,
  ) => request<{ account: EnterpriseAccount }>(api('/staff/business/review', base), { body, json: true }),
  fileUrl: (id: string, base?: string) => api(`/aftersales/upload/${id}`, base),
};
