import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type {
  ClaimAnswer,
  ClaimBody,
  PoliciesAnswer,
  PolicyState,
  PolicyView,
  StaffClaimAnswer,
  WithdrawAnswer,
} from '../../server/schemas/insurance';

/**
 * Device insurance calls (server/routes/insurance/insurance.ts), camel-cased by the request layer; types from
 * server/schemas/insurance.ts. Money is integer minor units with the currency's exponent.
 */
export type Policy = Camelized<PolicyView>;
export type { PolicyState };

const api = (path: string) => `${site.value.api}${path}`;

export const insuranceApi = {
  policies: () => request<Camelized<PoliciesAnswer>>(api('/insurance/policies')).then((r) => r.policies),
  withdraw: (policyId: string) =>
    request<Camelized<WithdrawAnswer>>(api('/insurance/withdraw'), { body: { policyId }, json: true }),
  claim: (body: ClaimBody) => request<Camelized<ClaimAnswer>>(api('/aftersales/claim'), { body, json: true }),
  staffClaim: (requestId: string) =>
    request<Camelized<StaffClaimAnswer>>(api('/staff/insurance/claim'), { params: { requestId } }),
};
