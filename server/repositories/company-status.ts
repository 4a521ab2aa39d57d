import type { Queryable } from '../db/types';

/** The company status codes. */
export const COMPANY_STATUS = { PENDING: 1, BAD: 2, GOOD: 3, REJECTED: 4, EXPIRED: 5 } as const;
export type CompanyStatus = (typeof COMPANY_STATUS)[keyof typeof COMPANY_STATUS];

export interface CompanyAccount {
  id: string;
  status: CompanyStatus;
  companyName: string;
  tax: Record<string, string>;
  vatExempt: boolean;
  rejectReason: string | null;
  validUntil: Date | null;
}

/**
 * A user's company status in a country, the one place every feature reads it: the newest
 * application or account (newest by time: ids are not in creation order); GOOD past its validity reads EXPIRED;
 * none reads BAD (null account).
 */
export async function companyAccountOf(q: Queryable, userId: number, local: string): Promise<CompanyAccount | null> {
  const row = (
    await q.query<{
      id: string;
      status: number;
      company_name: string;
      tax: Record<string, string>;
      vat_exempt: boolean;
      reject_reason: string | null;
      valid_until: Date | null;
      expired: boolean;
    }>(
      `SELECT id::text AS id, status, company_name, tax, vat_exempt, reject_reason, valid_until,
         (status = 3 AND valid_until <= now()) AS expired
     FROM enterprise_accounts WHERE user_id = $1 AND local = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [userId, local],
    )
  )[0];
  if (!row) return null;
  return {
    id: row.id,
    status: (row.expired ? COMPANY_STATUS.EXPIRED : row.status) as CompanyStatus,
    companyName: row.company_name,
    tax: row.tax,
    vatExempt: row.vat_exempt && !row.expired && row.status === COMPANY_STATUS.GOOD,
    rejectReason: row.reject_reason,
    validUntil: row.valid_until,
  };
}
