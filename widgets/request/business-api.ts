import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  BusinessAccountAnswer,
  BusinessApplicationsQuery,
  BusinessApplyBody,
  BusinessReviewBody,
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

/** An application as the island sends it: the server's body schema (camelCase keys, sent as they are). */
export type ApplicationInput = BusinessApplyBody;
/** A staff decision: approve with a validity and VAT exemption, or reject with a reason. */
export type ReviewInput = BusinessReviewBody;

const api = (path: string, base = site.value.api) => `${base}${path}`;

/** The business account calls (the request layer adds flow=company on /business pages). */
export const businessApi = {
  state: () => request<BusinessAppState>(api('/business/state')),
  account: () => request<BusinessAccountView>(api('/business/account')),
  apply: (body: ApplicationInput) => request<BusinessAccountView>(api('/business/apply'), { body, json: true }),
  staffList: (status: BusinessApplicationsQuery['status'], base?: string) =>
    request<Camelized<StaffBusinessApplicationsAnswer>>(api('/staff/business/applications', base), {
      params: { status },
    }).then((r) => r.applications),
  staffDetail: (id: string, base?: string) =>
    request<Camelized<StaffBusinessApplicationAnswer>>(api('/staff/business/application', base), { params: { id } }),
  review: (body: ReviewInput, base?: string) =>
    request<{ account: EnterpriseAccount }>(api('/staff/business/review', base), { body, json: true }),
  fileUrl: (id: string, base?: string) => api(`/aftersales/upload/${id}`, base),
};
