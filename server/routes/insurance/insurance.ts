import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { translate, translator } from '../../i18n';
import { COOKIE } from '../../auth/cookies';
import type { Storefront } from '../../storefront';
import { cartData } from '../../schemas/cart';
import {
  cartInsuranceBody,
  claimAnswer,
  claimBody,
  policiesAnswer,
  policyIdBody,
  staffClaimAnswer,
  staffClaimQuery,
  withdrawAnswer,
} from '../../schemas/insurance';
import { cartView } from '../../views/cart-view';
import { policyView } from '../../views/insurance-view';
import { insuranceRepository, setCartInsuredIn } from '../../repositories/insurance';
import { fileClaim } from '../../insurance/file-claim';
import { withdrawPlan } from '../../insurance/withdraw-plan';
import { UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import { formatDate } from '../../../region-config/format-date';
import { filesRefused } from '../after-sales/files-refused';

const t = (storefront: Storefront, key: string, vars?: Record<string, string | number>) =>
  translate(storefront, key, vars);
const day = (storefront: Storefront, at: Date | number) =>
  formatDate(at, storefront.region, 'dateFormatOnlyDate', storefront.lang);

/**
 * Device insurance: the plan chosen on a cart line, the shopper's policies, withdrawing the plan alone for its
 * refund, claims (after-sales requests of kind claim) and, for staff, the policy behind a claim.
 */
export async function insuranceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const insurance = insuranceRepository(app.db);

  app.post(
    '/cart/insurance',
    {
      schema: {
        tags: ['cart'],
        summary:
          'Insure every unit of a device line of the cart (the plan of sites/insurance.json), or take the plan ' +
          'off; returns unifiedCartData',
        body: cartInsuranceBody,
        response: { 200: envelopeSchema(cartData) },
      },
    },
    async (request) => {
      const { storefront } = request;
      const owner = request.user ? { userId: request.user.id } : { cartId: request.cookies[COOKIE.cart] };
      const cartId = await app.repos.cart.find(owner);
      const before = cartId ? await app.repos.cart.contents(cartId, storefront.local) : null;
      const line = before?.lines.find((l) => l.commodity_id === request.body.commodityId);
      if (!cartId || !before || !line)
        throw new ApiError(Errno.NOT_IN_CART, `commodity ${request.body.commodityId} is not in the cart`);
      // The cart's own view says whether the line can have the plan here, as the checkout will price it.
      const offered = cartView([line], storefront).items[0]?.insurance_offer;
      if (request.body.insured && !offered)
        throw new ApiError(Errno.INSURANCE_NOT_OFFERED, t(storefront, 'insurance.error.notOffered'));
      await setCartInsuredIn(app.db, cartId, line.commodity_id, request.body.insured);
      const after = await app.repos.cart.contents(cartId, storefront.local);
      return ok({ unified_cart_data: cartView(after.lines, storefront, after.notices) });
    },
  );

  app.get(
    '/insurance/policies',
    {
      schema: {
        tags: ['insurance'],
        summary: "The user's device insurance policies in this country (one per insured unit) with their claims",
        response: { 200: envelopeSchema(policiesAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const policies = await insurance.ofUser(user.id, request.storefront.local);
      const claims = await insurance.claimsOf(policies.map((p) => p.id));
      return ok({ policies: policies.map((p) => policyView(p, claims.get(p.id) ?? [])) });
    },
  );

  app.post(
    '/insurance/withdraw',
    {
      schema: {
        tags: ['insurance'],
        summary:
          'Withdraw the plan of one unit, keeping the device: within the withdrawal period from the start of ' +
          'cover (any time before delivery) and before any claim; its share of what was paid is refunded',
        body: policyIdBody,
        response: { 200: envelopeSchema(withdrawAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const result = await withdrawPlan(
        app.db,
        app.repos,
        { userId: user.id, local: storefront.local },
        request.body.policyId,
      );
      if (result.ok) {
        const claims = await insurance.claimsOf([result.policy.id]);
        const policy = await insurance.policy(result.policy.id);
        return ok({ policy: policyView(policy!, claims.get(result.policy.id) ?? []), refunded: result.refunded });
      }
      switch (result.reason) {
        case 'not_found':
          throw new ApiError(Errno.INSURANCE_POLICY_NOT_FOUND, t(storefront, 'insurance.error.notFound'), 404);
        case 'claimed':
          throw new ApiError(Errno.INSURANCE_WITHDRAW_CLAIMED, t(storefront, 'insurance.error.withdrawClaimed'));
        case 'period_over':
          throw new ApiError(
            Errno.INSURANCE_WITHDRAW_PERIOD_OVER,
            t(storefront, 'insurance.error.withdrawPeriodOver', {
              date: result.withdrawUntil ? day(storefront, result.withdrawUntil) : '',
            }),
            200,
            { withdraw_until: result.withdrawUntil },
          );
        default:
          throw new ApiError(Errno.INSURANCE_NOT_WITHDRAWABLE, t(storefront, 'insurance.error.notWithdrawable'));
      }
    },
  );

  app.post(
    '/aftersales/claim',
    {
      schema: {
        tags: ['after-sales'],
        summary:
          'Claim on a device insurance policy: an after-sales request of kind claim with the IMEI, the day of ' +
          'the damage, what happened (6–300 characters) and 1–5 photos; refused outside the cover or past the ' +
          "plan's claims in a rolling year",
        body: claimBody,
        response: { 200: envelopeSchema(claimAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const b = request.body;
      const imei = b.imei.replace(/[\s-]/g, '');
      const description = b.description.trim();
      const fields: Record<string, string> = {};
      if (!/^\d{15}$/.test(imei)) fields['imei'] = 'imei';
      if (description.length < 6 || description.length > 300) fields['description'] = 'length';
      if (b.uploadIds.length === 0) fields['uploadIds'] = 'required';
      if (b.uploadIds.length > UPLOADS_PER_REQUEST) fields['uploadIds'] = 'tooMany';
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.INVALID_PARAM, t(storefront, 'aftersales.error.fields'), 400, { fields });
      const tr = translator(storefront);
      const result = await fileClaim(app.db, {
        userId: user.id,
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        policyId: b.policyId,
        imei,
        incidentDate: b.incidentDate,
        description,
        uploadIds: b.uploadIds,
        message: (row) => ({
          title: tr('insurance.message.claimTitle', { no: row.request_no }),
          body: tr('insurance.message.claimBody', { product: row.product_name }),
        }),
      });
      if (result.ok)
        return ok({
          request_id: result.request.id,
          request_no: result.request.request_no,
          policy: policyView(
            (await insurance.policy(result.policy.id))!,
            (await insurance.claimsOf([result.policy.id])).get(result.policy.id) ?? [],
          ),
        });
      switch (result.reason) {
        case 'not_found':
          throw new ApiError(Errno.INSURANCE_POLICY_NOT_FOUND, t(storefront, 'insurance.error.notFound'), 404);
        case 'not_covered':
          throw new ApiError(Errno.INSURANCE_NOT_COVERED, t(storefront, 'insurance.error.notCovered'));
        case 'claims_used': {
          const again = result.policy.claim_again_at;
          throw new ApiError(
            Errno.INSURANCE_CLAIMS_USED,
            t(storefront, 'insurance.error.claimsUsed', {
              count: result.policy.claims_per_year,
              date: again ? day(storefront, again) : '',
            }),
            200,
            { claim_again_at: again ? new Date(again).getTime() : null },
          );
        }
        case 'incident_date':
          throw new ApiError(Errno.INSURANCE_INCIDENT_DATE, t(storefront, 'insurance.error.incidentDate'), 200, {
            fields: { incidentDate: 'cover' },
          });
        case 'imei':
          throw new ApiError(Errno.INSURANCE_IMEI_MISMATCH, t(storefront, 'insurance.error.imei'), 200, {
            fields: { imei: 'policy' },
          });
        default:
          // The claim's order line is the policy's own: what else is refused is its files.
          throw filesRefused(storefront, result.reason === 'proof_required' ? 'proof_required' : 'uploads');
      }
    },
  );

  app.get(
    '/staff/insurance/claim',
    {
      schema: {
        tags: ['staff'],
        summary: 'The policy behind a claim (an after-sales request of kind claim): cover, claims in the year, the day',
        querystring: staffClaimQuery,
        response: { 200: envelopeSchema(staffClaimAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const found = await insurance.claimOf(request.query.requestId);
      if (!found)
        throw new ApiError(Errno.INSURANCE_POLICY_NOT_FOUND, t(request.storefront, 'insurance.error.notFound'), 404);
      const claims = await insurance.claimsOf([found.policy.id]);
      return ok({
        policy: policyView(found.policy, claims.get(found.policy.id) ?? []),
        incident_date: found.incident_date,
      });
    },
  );
}
