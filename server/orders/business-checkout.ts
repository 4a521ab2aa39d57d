import { ApiError, Errno, type ErrnoCode } from '../errors';
import { message } from '../i18n';
import type { Storefront } from '../storefront';
import { COMPANY_STATUS, type CompanyAccount, type CompanyStatus } from '../repositories/company-status';
import type { Quote } from './pricing';
import { splitPaymentFromMinor, businessOrderMaxMinor } from '../../sites/business-pricing';

/** The refusal (errno and message key) of each company status that may not buy for a company, worded by status. */
const REFUSALS: Record<Exclude<CompanyStatus, 3>, [ErrnoCode, string]> = {
  [COMPANY_STATUS.BAD]: [Errno.COMPANY_ACCOUNT_REQUIRED, 'business.error.noAccount'],
  [COMPANY_STATUS.PENDING]: [Errno.COMPANY_ACCOUNT_PENDING, 'business.error.pending'],
  [COMPANY_STATUS.REJECTED]: [Errno.COMPANY_ACCOUNT_REJECTED, 'business.error.rejected'],
  [COMPANY_STATUS.EXPIRED]: [Errno.COMPANY_ACCOUNT_EXPIRED, 'business.error.expired'],
};

/**
 * Only a GOOD enterprise account places a company order (flow=company); any other status is refused with its own
 * errno and wording, the status and a link to /business.
 */
export function requireGoodAccount(storefront: Storefront, account: CompanyAccount | null): CompanyAccount {
  const status: CompanyStatus = account?.status ?? COMPANY_STATUS.BAD;
  if (account && status === COMPANY_STATUS.GOOD) return account;
  const [errno, key] = REFUSALS[status as Exclude<CompanyStatus, 3>];
  throw new ApiError(errno, message(storefront, key), 200, {
    company_status: status,
    business_url: `/${storefront.urlLocal}/business/`,
    ...(status === COMPANY_STATUS.REJECTED && account?.rejectReason ? { reason: account.rejectReason } : {}),
  });
}

/** The account's tax ID for the invoice (GSTIN, VAT, TIN, RUC … as the application stored it). */
export function accountTaxId(tax: Record<string, string>): string {
  for (const key of ['taxId', 'gstin', 'vat', 'tin', 'ruc', 'registrationNumber', 'turkeyId']) {
    const value = tax[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return (
    Object.values(tax)
      .find((v): v is string => typeof v === 'string' && v.trim() !== '')
      ?.trim() ?? ''
  );
}

interface InvoiceIn {
  [field: string]: unknown;
  type: 'personal' | 'company';
  companyName?: string | undefined;
  taxId?: string | undefined;
  fiscalId?: string | undefined;
}

/**
 * A company order always has a company invoice: a personal one is refused; the company name and tax ID default to
 * the account's (the checkout shows them prefilled). The country's tax ID format is checked afterwards as for any
 * company invoice.
 */
export function businessInvoice(
  storefront: Storefront,
  account: CompanyAccount,
  invoice: InvoiceIn | undefined,
): InvoiceIn {
  if (invoice?.type === 'personal') {
    throw new ApiError(Errno.COMPANY_INVOICE_REQUIRED, message(storefront, 'business.error.companyInvoice'), 200, {
      fields: { type: 'company' },
    });
  }
  return {
    type: 'company',
    companyName: invoice?.companyName?.trim() || account.companyName,
    taxId: invoice?.taxId?.trim() || accountTaxId(account.tax),
    ...(invoice?.fiscalId ? { fiscalId: invoice.fiscalId } : {}),
  };
}

/** What the business checkout shows beside the amounts. */
export function businessQuoteView(local: string, account: CompanyAccount, q: Quote) {
  const splitFrom = splitPaymentFromMinor(local);
  return {
    company_status: account.status,
    company_name: account.companyName,
    tax_id: accountTaxId(account.tax),
    vat_exempt: account.vatExempt,
    vat_exempted: q.business?.vatExempted ?? 0,
    tier_saving: q.business?.tierSaving ?? 0,
    split_from: splitFrom,
    split_required: q.amountDue > splitFrom,
    order_max: businessOrderMaxMinor(local),
  };
}
