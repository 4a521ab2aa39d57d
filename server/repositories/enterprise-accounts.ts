import type { Database, Queryable } from '../db/types';
import { postMessageIn } from './messages';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { UPLOADS_PER_REQUEST } from '../uploads/file-type';
import { COMPANY_STATUS, companyAccountOf, type CompanyStatus } from './company-status';
import type { UploadMeta } from './aftersales';
import { UNATTACHED_UPLOAD } from './upload-attachments';

/** The company's address and contact person as the application gives them. */
export interface CompanyAddress {
  street: string;
  city: string;
  state: string;
  postalCode: string;
}
export interface CompanyContact {
  name: string;
  email: string;
  phone: string;
}

/** One application or account as its owner and staff see it; status is the company status with EXPIRED computed. */
export interface EnterpriseAccountRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  status: CompanyStatus;
  company_name: string;
  tax: Record<string, string>;
  address: CompanyAddress;
  contact: CompanyContact;
  vat_exempt: boolean;
  reject_reason: string | null;
  valid_until: Date | null;
  reviewed_at: Date | null;
  created_at: Date;
  account_email: string;
}

export interface ApplyInput {
  userId: number;
  local: string;
  urlLocal: string;
  companyName: string;
  tax: Record<string, string>;
  address: CompanyAddress;
  contact: CompanyContact;
  documentIds: readonly string[];
  message: (row: EnterpriseAccountRow) => { title: string; body: string };
}

export type ApplyResult = { ok: true; account: EnterpriseAccountRow } | { ok: false; reason: 'live' | 'documents' };

export type ReviewDecision =
  | { decision: 'approve'; months: number; vatExempt: boolean }
  | { decision: 'reject'; reason: string };
export type ReviewResult = { ok: true; account: EnterpriseAccountRow } | { ok: false; reason: 'not_found' | 'state' };

/** The status a row reads as: GOOD past its validity is EXPIRED, whether or not it was stored so. */
const STATUS_SQL = `CASE WHEN a.status = 3 AND a.valid_until <= now() THEN 5 ELSE a.status END`;
const COLUMNS = `a.id::text AS id, a.user_id, a.local, a.url_local, (${STATUS_SQL})::int AS status, a.company_name,
  a.tax, a.address, a.contact,
  a.vat_exempt, a.reject_reason, a.valid_until, a.reviewed_at, a.created_at, u.email AS account_email`;
const FROM = `FROM enterprise_accounts a JOIN users u ON u.id = a.user_id`;

const isId = (id: string) => /^\d{1,18}$/.test(id);
const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

class Rollback extends Error {
  constructor(readonly reason: 'documents') {
    super('rollback');
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Enterprise (business) purchase accounts (the company status and its transitions): a user applies per country with the
 * company's data, tax identity and documents (PENDING 1); staff approve (GOOD 3 until valid_until) or reject (REJECTED
 * 4 with a reason); a GOOD account past its validity reads EXPIRED 5. One live (PENDING or GOOD) application per user
 * and country, kept by the unique index of 018 even when two submits race. companyAccountOf stays the one reader of the
 * status for other features.
 */
export function enterpriseAccountsRepository(db: Database) {
  async function documentsOf(q: Queryable, accountId: string): Promise<UploadMeta[]> {
    return q.query<UploadMeta>(
      `SELECT id::text AS id, file_name, content_type, size, created_at FROM uploads WHERE enterprise_account_id = $1
       ORDER BY created_at, id`,
      [accountId],
    );
  }
  async function row(q: Queryable, id: string, lock = false): Promise<EnterpriseAccountRow | null> {
    return (
      (
        await q.query<EnterpriseAccountRow>(
          `SELECT ${COLUMNS} ${FROM} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
          [id],
        )
      )[0] ?? null
    );
  }

  return {
    /** The user's newest application or account in the country, with its documents; null when none (BAD). */
    async current(
      userId: number,
      local: string,
    ): Promise<{ account: EnterpriseAccountRow; documents: UploadMeta[] } | null> {
      const found = await companyAccountOf(db, userId, local);
      if (!found) return null;
      const account = await row(db, found.id);
      return account ? { account, documents: await documentsOf(db, account.id) } : null;
    },

    /**
     * Files an application. A PENDING or unexpired GOOD one refuses it ('live'); an expired account is marked
     * EXPIRED so the live index lets the new one in; documents must be the user's own unattached uploads.
     */
    async apply(input: ApplyInput, mail: (row: EnterpriseAccountRow) => OutgoingMail | null): Promise<ApplyResult> {
      if (
        input.documentIds.length === 0 ||
        input.documentIds.length > UPLOADS_PER_REQUEST ||
        !input.documentIds.every(isUuid)
      )
        return { ok: false, reason: 'documents' };
      try {
        return await db.transaction(async (tx) => {
          await tx.query(
            `UPDATE enterprise_accounts SET status = 5, updated_at = now()
             WHERE user_id = $1 AND local = $2 AND status = 3 AND valid_until <= now()`,
            [input.userId, input.local],
          );
          const id = (
            await tx.query<{ id: string }>(
              `INSERT INTO enterprise_accounts (user_id, local, url_local, status, company_name, tax, address, contact)
             VALUES ($1, $2, $3, 1, $4, $5::jsonb, $6::jsonb, $7::jsonb) RETURNING id::text AS id`,
              [
                input.userId,
                input.local,
                input.urlLocal,
                input.companyName,
                JSON.stringify(input.tax),
                JSON.stringify(input.address),
                JSON.stringify(input.contact),
              ],
            )
          )[0]!.id;
          const attached = await tx.query(
            `UPDATE uploads SET enterprise_account_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3
               AND ${UNATTACHED_UPLOAD} RETURNING id`,
            [id, input.documentIds, input.userId],
          );
          if (attached.length !== new Set(input.documentIds).size) throw new Rollback('documents');
          const account = (await row(tx, id))!;
          const text = input.message(account);
          await postMessageIn(tx, {
            userId: input.userId,
            kind: 'system',
            title: text.title,
            body: text.body,
            link: `/${input.urlLocal}/business/account/`,
          });
          const m = mail(account);
          if (m) await mailOutbox.enqueue(tx, { ...m, dedupeKey: `business-received:${id}` });
          return { ok: true, account } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return { ok: false, reason: err.reason };
        if (isUniqueViolation(err)) return { ok: false, reason: 'live' };
        throw err;
      }
    },

    /** Applications of a storefront's country for staff, oldest first; 'pending' by default. */
    async staffList(local: string, status: CompanyStatus | 'all', limit = 100): Promise<EnterpriseAccountRow[]> {
      return db.query<EnterpriseAccountRow>(
        `SELECT ${COLUMNS} ${FROM} WHERE a.local = $1 AND ($2::int IS NULL OR (${STATUS_SQL}) = $2::int)
         ORDER BY a.created_at, a.id LIMIT $3`,
        [local, status === 'all' ? null : status, limit],
      );
    },

    /** One application with its documents, for staff of its country. */
    async staffDetail(
      local: string,
      id: string,
    ): Promise<{ account: EnterpriseAccountRow; documents: UploadMeta[] } | null> {
      if (!isId(id)) return null;
      const account = await row(db, id);
      if (!account || account.local !== local) return null;
      return { account, documents: await documentsOf(db, id) };
    },

    /**
     * Staff decide on a PENDING application: approve (GOOD until now + months, VAT exemption as given) or reject
     * with a reason. The holder gets a message and a mail in the same transaction.
     */
    async review(
      local: string,
      id: string,
      staffId: number,
      decision: ReviewDecision,
      notify: (row: EnterpriseAccountRow) => { title: string; body: string; mail: OutgoingMail | null },
    ): Promise<ReviewResult> {
      if (!isId(id)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx) => {
        const current = await row(tx, id, true);
        if (!current || current.local !== local) return { ok: false, reason: 'not_found' } as const;
        if (current.status !== COMPANY_STATUS.PENDING) return { ok: false, reason: 'state' } as const;
        if (decision.decision === 'approve') {
          await tx.query(
            `UPDATE enterprise_accounts SET status = 3, valid_until = now() + make_interval(months => $2::int),
               vat_exempt = $3, reject_reason = NULL,
               reviewed_by = $4, reviewed_at = now(), updated_at = now() WHERE id = $1`,
            [id, decision.months, decision.vatExempt, staffId],
          );
        } else {
          await tx.query(
            `UPDATE enterprise_accounts SET status = 4, reject_reason = $2, reviewed_by = $3, reviewed_at = now(),
               updated_at = now() WHERE id = $1`,
            [id, decision.reason, staffId],
          );
        }
        const account = (await row(tx, id))!;
        const text = notify(account);
        await postMessageIn(tx, {
          userId: account.user_id,
          kind: 'system',
          title: text.title,
          body: text.body,
          link: `/${account.url_local || local}/business/account/`,
        });
        if (text.mail) await mailOutbox.enqueue(tx, { ...text.mail, dedupeKey: `business-${decision.decision}:${id}` });
        return { ok: true, account } as const;
      });
    },

    /**
     * Operations approve a user's account in a country (GOOD for a year, for set-ups and browser tests): the newest
     * application or account there is replaced by the approved one. Answers the new account's id.
     */
    async approveByOperations(
      userId: number,
      local: string,
      company: { name: string; tax: Record<string, string>; vatExempt: boolean },
    ): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.query(
          `UPDATE enterprise_accounts SET status = 4, reject_reason = 'replaced by operations', updated_at = now()
           WHERE user_id = $1 AND local = $2 AND status IN (1, 3)`,
          [userId, local],
        );
        return (
          await tx.query<{ id: string }>(
            `INSERT INTO enterprise_accounts (user_id, local, status, company_name, tax, vat_exempt, valid_until,
               reviewed_at)
           VALUES ($1, $2, 3, $3, $4, $5, now() + interval '1 year', now()) RETURNING id::text AS id`,
            [userId, local, company.name, JSON.stringify(company.tax), company.vatExempt],
          )
        )[0]!.id;
      });
    },

    /**
     * Sets the validity end of the user's newest approved account in a country (a past date makes it EXPIRED); null
     * when there is none.
     */
    async setValidUntil(userId: number, local: string, validUntil: string): Promise<string | null> {
      const rows = await db.query<{ id: string }>(
        `UPDATE enterprise_accounts SET valid_until = $3, updated_at = now()
         WHERE id = (SELECT id FROM enterprise_accounts WHERE user_id = $1 AND local = $2
           AND status = 3 ORDER BY created_at DESC, id DESC LIMIT 1) RETURNING id::text AS id`,
        [userId, local, validUntil],
      );
      return rows[0]?.id ?? null;
    },
  };
}

export type EnterpriseAccountsRepository = ReturnType<typeof enterpriseAccountsRepository>;
