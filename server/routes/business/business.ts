import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { translator, type Translator } from '../../i18n';
import { composeMail } from '../../mail/compose';
import type { OutgoingMail } from '../../mail/outbox';
import { COMPANY_STATUS, companyAccountOf, type CompanyStatus } from '../../repositories/company-status';
import type { EnterpriseAccountRow } from '../../repositories/enterprise-accounts';
import type { UploadMeta } from '../../repositories/aftersales';
import { UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import { businessTaxFields, checkBusinessTax, fieldLabel, vatExemptionAllowed } from '../../../region-config/tax-ids';
import { formatDate } from '../../../region-config/format-date';
import type { Storefront } from '../../storefront';
import {
  businessAccountAnswer,
  businessAppStateSchema,
  businessApplicationQuery,
  businessApplicationsQuery,
  businessApplyBody,
  businessReviewBody,
  businessStateQuery,
  staffBusinessApplicationsAnswer,
  staffBusinessApplicationAnswer,
} from '../../schemas/business';

/** The country's tax identity fields, each named in the storefront's language. */
function taxFieldsView(storefront: Storefront): { key: string; label: string }[] {
  const t = translator(storefront);
  return businessTaxFields(storefront.local).map((f) => ({ key: f.key, label: fieldLabel(f, t) }));
}

/** The review promise shown everywhere (the enterprise review time: 3 working days). */
export const BUSINESS_REVIEW_DAYS = 3;
/** Validity staff may give an approved account, in months (a year by default). */
export const BUSINESS_VALIDITY_MONTHS = { min: 1, max: 36, default: 12 } as const;

const STATUS_NAMES = {
  pending: COMPANY_STATUS.PENDING,
  good: COMPANY_STATUS.GOOD,
  rejected: COMPANY_STATUS.REJECTED,
  expired: COMPANY_STATUS.EXPIRED,
} as const;
const at = (d: Date | null) => (d ? new Date(d).getTime() : null);
const onlyDate = (storefront: Storefront, d: Date | null) =>
  d ? formatDate(d, storefront.region, 'dateFormatOnlyDate', storefront.lang) : '';

/**
 * The email and phone-like patterns (the footer's email rule; phone-like: digits and - ( ) / + and full-width
 * parentheses).
 */
const EMAIL = /^[\w-]+(\.[\w-]+)*@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}$/;
const PHONE = /^[0-9\-()/+（）\s]{6,20}$/;
const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const accountView = (a: EnterpriseAccountRow) => ({
  id: a.id,
  status: a.status,
  company_name: a.company_name,
  tax: a.tax,
  address: { ...a.address } as Record<string, string>,
  contact: { ...a.contact } as Record<string, string>,
  vat_exempt: a.vat_exempt && a.status === COMPANY_STATUS.GOOD,
  reject_reason: a.reject_reason,
  valid_until: at(a.valid_until),
  reviewed_at: at(a.reviewed_at),
  created_at: at(a.created_at)!,
});
const documentView = (u: UploadMeta) => ({
  id: u.id,
  file_name: u.file_name,
  content_type: u.content_type,
  size: u.size,
});

/** The app state's notify message of a company status, in the storefront's language. */
export function statusMessage(
  t: Translator,
  storefront: Storefront,
  status: CompanyStatus,
  account: { valid_until: Date | null; reject_reason: string | null; vat_exempt: boolean } | null,
): string {
  switch (status) {
    case COMPANY_STATUS.PENDING:
      return t('business.status.pending', { count: BUSINESS_REVIEW_DAYS });
    case COMPANY_STATUS.GOOD: {
      const good = t('business.status.good', { date: onlyDate(storefront, account?.valid_until ?? null) });
      return account?.vat_exempt ? `${good} ${t('business.status.vatExempt')}` : good;
    }
    case COMPANY_STATUS.REJECTED:
      return t('business.status.rejected', { reason: account?.reject_reason ?? '' });
    case COMPANY_STATUS.EXPIRED:
      return t('business.status.expired', { date: onlyDate(storefront, account?.valid_until ?? null) });
    default:
      return t('business.status.none');
  }
}

function businessMail(
  storefront: Storefront,
  origin: string,
  email: string,
  kind: string,
  subject: string,
  body: string,
  t: Translator,
): OutgoingMail {
  return {
    recipient: email,
    kind,
    urlLocal: storefront.urlLocal,
    topic: 'security',
    ...composeMail(storefront, {
      subject,
      paragraphs: [body],
      actions: [{ label: t('business.account.open'), url: `${origin}/${storefront.urlLocal}/business/account/` }],
    }),
  };
}

/**
 * Enterprise (business) accounts: the app state of the business pages (company status, VAT exemption,
 * notify message and header buttons, from the server), a user's application and account per country, and the staff
 * review (approve with a validity and VAT exemption where the country allows it, or reject with a reason).
 */
export async function businessRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/business/state',
    {
      schema: {
        tags: ['business'],
        summary:
          'App state of the business pages: company status (BAD 2 for visitors), VAT exemption, notify ' +
          'message, header buttons',
        querystring: businessStateQuery,
        response: { 200: envelopeSchema(businessAppStateSchema) },
      },
    },
    async (request) => {
      const { storefront } = request;
      const t = translator(storefront);
      const base = `/${storefront.urlLocal}/business`;
      const account = request.user ? await companyAccountOf(app.db, request.user.id, storefront.local) : null;
      const status = account?.status ?? COMPANY_STATUS.BAD;
      const buttons =
        status === COMPANY_STATUS.GOOD
          ? [
              { text: t('business.header.cart'), href: `${base}/cart/` },
              { text: t('business.header.account'), href: `${base}/account/` },
            ]
          : [
              {
                text: t(status === COMPANY_STATUS.BAD ? 'business.header.apply' : 'business.header.account'),
                href: `${base}/account/`,
              },
            ];
      return ok({
        company_status: status,
        is_exempt_vat: account?.vatExempt ?? false,
        notify_message: statusMessage(
          t,
          storefront,
          status,
          account
            ? { valid_until: account.validUntil, reject_reason: account.rejectReason, vat_exempt: account.vatExempt }
            : null,
        ),
        header_buttons: buttons,
      });
    },
  );

  app.get(
    '/business/account',
    {
      schema: {
        tags: ['business'],
        summary:
          "The user's business application or account in this country, its documents and the country's tax fields",
        response: { 200: envelopeSchema(businessAccountAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const found = await app.repos.enterpriseAccounts.current(user.id, storefront.local);
      const status = found?.account.status ?? COMPANY_STATUS.BAD;
      return ok({
        status,
        account: found ? accountView(found.account) : null,
        documents: found ? found.documents.map(documentView) : [],
        tax_fields: taxFieldsView(storefront),
        vat_exemption_allowed: vatExemptionAllowed(storefront.local),
        review_days: BUSINESS_REVIEW_DAYS,
        message: statusMessage(translator(storefront), storefront, status, found?.account ?? null),
      });
    },
  );

  app.post(
    '/business/apply',
    {
      schema: {
        tags: ['business'],
        summary:
          'Apply for a business account: company data, the country’s tax identity (checked by its format) ' +
          'and 1–5 documents',
        body: businessApplyBody,
        response: { 200: envelopeSchema(businessAccountAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const t = translator(storefront);
      const b = request.body;
      const fields: Record<string, string> = {};
      const text = (key: string, raw: string | undefined, min: number, max: number): string => {
        const value = (raw ?? '').trim().replace(/\s+/g, ' ');
        if (!value) fields[key] = 'required';
        else if (value.length < min || value.length > max) fields[key] = 'length';
        return value;
      };
      const companyName = text('companyName', b.companyName, 2, 100);
      const address = {
        street: text('street', b.address.street, 3, 200),
        city: text('city', b.address.city, 2, 80),
        state: text('state', b.address.state, 2, 80),
        postalCode: text('postalCode', b.address.postalCode, 2, 10).toUpperCase(),
      };
      if (address.postalCode && !fields['postalCode'] && !POSTAL.test(address.postalCode))
        fields['postalCode'] = 'format';
      const contact = {
        name: text('contactName', b.contact.name, 1, 50),
        email: text('email', b.contact.email, 6, 100),
        phone: text('phone', b.contact.phone, 6, 20),
      };
      if (contact.email && !fields['email'] && !EMAIL.test(contact.email)) fields['email'] = 'format';
      if (contact.phone && !fields['phone'] && !PHONE.test(contact.phone)) fields['phone'] = 'format';
      const tax = checkBusinessTax(storefront.local, b.tax, address.state);
      Object.assign(fields, tax.errors);
      if (b.documentIds.length === 0) fields['documentIds'] = 'required';
      else if (b.documentIds.length > UPLOADS_PER_REQUEST) fields['documentIds'] = 'tooMany';
      if (Object.keys(fields).length > 0) {
        const first = Object.keys(fields)[0]!;
        const taxField = businessTaxFields(storefront.local).find((f) => f.key === first);
        const msg = taxField
          ? t(`business.error.tax.${fields[first]}`, { field: fieldLabel(taxField, t) })
          : t('business.error.invalid');
        throw new ApiError(Errno.BUSINESS_INVALID, msg, 400, { fields });
      }
      const origin = app.mail.links(storefront).origin;
      const result = await app.repos.enterpriseAccounts.apply(
        {
          userId: user.id,
          local: storefront.local,
          urlLocal: storefront.urlLocal,
          companyName,
          tax: tax.values,
          address,
          contact,
          documentIds: b.documentIds,
          message: (row) => ({
            title: t('business.message.received.title'),
            body: t('business.message.received.body', { company: row.company_name, count: BUSINESS_REVIEW_DAYS }),
          }),
        },
        (row) =>
          businessMail(
            storefront,
            origin,
            user.email,
            'business-received',
            t('business.message.received.title'),
            t('business.message.received.body', { company: row.company_name, count: BUSINESS_REVIEW_DAYS }),
            t,
          ),
      );
      if (!result.ok) {
        if (result.reason === 'live') throw new ApiError(Errno.BUSINESS_ALREADY_LIVE, t('business.error.live'));
        throw new ApiError(Errno.BUSINESS_DOCUMENTS, t('business.error.documents'), 200, {
          fields: { documentIds: 'invalid' },
        });
      }
      const found = (await app.repos.enterpriseAccounts.current(user.id, storefront.local))!;
      return ok({
        status: found.account.status,
        account: accountView(found.account),
        documents: found.documents.map(documentView),
        tax_fields: taxFieldsView(storefront),
        vat_exemption_allowed: vatExemptionAllowed(storefront.local),
        review_days: BUSINESS_REVIEW_DAYS,
        message: statusMessage(t, storefront, found.account.status, found.account),
      });
    },
  );

  app.get(
    '/staff/business/applications',
    {
      schema: {
        tags: ['business', 'staff'],
        summary: 'Staff: business applications of this country, oldest first (pending by default)',
        querystring: businessApplicationsQuery,
        response: { 200: envelopeSchema(staffBusinessApplicationsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const name = request.query.status ?? 'pending';
      const rows = await app.repos.enterpriseAccounts.staffList(
        request.storefront.local,
        name === 'all' ? 'all' : STATUS_NAMES[name],
      );
      return ok({ applications: rows.map((r) => ({ ...accountView(r), account_email: r.account_email })) });
    },
  );

  app.get(
    '/staff/business/application',
    {
      schema: {
        tags: ['business', 'staff'],
        summary: 'Staff: one business application with its company data and documents',
        querystring: businessApplicationQuery,
        response: { 200: envelopeSchema(staffBusinessApplicationAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const found = await app.repos.enterpriseAccounts.staffDetail(request.storefront.local, request.query.id);
      if (!found)
        throw new ApiError(Errno.BUSINESS_NOT_FOUND, translator(request.storefront)('business.error.notFound'), 404);
      return ok({
        account: accountView(found.account),
        documents: found.documents.map(documentView),
        account_email: found.account.account_email,
        vat_exemption_allowed: vatExemptionAllowed(request.storefront.local),
      });
    },
  );

  app.post(
    '/staff/business/review',
    {
      schema: {
        tags: ['business', 'staff'],
        summary:
          'Staff: approve a pending application (validity in months, VAT exemption where allowed) or reject ' +
          'it with a reason',
        body: businessReviewBody,
        response: { 200: envelopeSchema(staffBusinessApplicationAnswer) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const t = translator(storefront);
      const b = request.body;
      const fields: Record<string, string> = {};
      const months = b.months ?? BUSINESS_VALIDITY_MONTHS.default;
      const reason = (b.reason ?? '').trim();
      if (b.decision === 'approve') {
        if (months < BUSINESS_VALIDITY_MONTHS.min || months > BUSINESS_VALIDITY_MONTHS.max) fields['months'] = 'range';
        if (b.vatExempt && !vatExemptionAllowed(storefront.local)) fields['vatExempt'] = 'notAllowed';
      } else if (reason.length < 5 || reason.length > 500) fields['reason'] = reason ? 'length' : 'required';
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.BUSINESS_INVALID, t('business.error.review'), 400, { fields });
      const origin = app.mail.links(storefront).origin;
      const result = await app.repos.enterpriseAccounts.review(
        storefront.local,
        b.id,
        staff.id,
        b.decision === 'approve'
          ? { decision: 'approve', months, vatExempt: b.vatExempt ?? false }
          : { decision: 'reject', reason },
        (row) => {
          const title = t(
            b.decision === 'approve' ? 'business.message.approved.title' : 'business.message.rejected.title',
          );
          const body =
            b.decision === 'approve'
              ? t('business.message.approved.body', {
                  company: row.company_name,
                  date: onlyDate(storefront, row.valid_until),
                })
              : t('business.message.rejected.body', { company: row.company_name, reason: row.reject_reason ?? '' });
          return {
            title,
            body,
            mail: businessMail(
              storefront,
              origin,
              row.account_email,
              `business-${b.decision === 'approve' ? 'approved' : 'rejected'}`,
              title,
              body,
              t,
            ),
          };
        },
      );
      if (!result.ok) {
        if (result.reason === 'not_found')
          throw new ApiError(Errno.BUSINESS_NOT_FOUND, t('business.error.notFound'), 404);
        throw new ApiError(Errno.BUSINESS_STATE, t('business.error.state'));
      }
      const found = (await app.repos.enterpriseAccounts.staffDetail(storefront.local, b.id))!;
      return ok({
        account: accountView(found.account),
        documents: found.documents.map(documentView),
        account_email: found.account.account_email,
        vat_exemption_allowed: vatExemptionAllowed(storefront.local),
      });
    },
  );
}
