import type { Database, Queryable } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';
import { postMessageIn } from './messages';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { UPLOADS_PER_REQUEST } from '../uploads/file-type';
import type { UploadMeta } from './aftersales';
import type { StudentMethod, StudentStatus } from '../schemas/students';
import { STUDENT_LINK_HOURS, STUDENT_RENEWAL_DAYS, STUDENT_VALIDITY_MONTHS } from '../students/rules';
import { UNATTACHED_UPLOAD } from './upload-attachments';

/** A verification's stored state (migration 046). */
export type VerificationState = 'awaiting_link' | 'in_review' | 'verified' | 'rejected' | 'withdrawn' | 'superseded';

/** One verification as its holder and staff see it; status is the state with expired computed. */
export interface StudentVerificationRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  method: StudentMethod;
  state: VerificationState;
  status: StudentStatus;
  school_email: string | null;
  school_name: string | null;
  valid_until: Date | null;
  verified_at: Date | null;
  reject_reason: string | null;
  token_expires_at: Date | null;
  created_at: Date;
  account_email: string;
}

/** What the student page shows: the verified status (valid or expired), a newer request, its documents, the clock. */
export interface StudentOverview {
  verified: StudentVerificationRow | null;
  request: StudentVerificationRow | null;
  documents: UploadMeta[];
  now: Date;
}

/** A message to the holder, with the mail that goes with it (the same words). */
export type Notice = { title: string; body: string; mail: OutgoingMail | null };

export type StartResult =
  | { ok: true; row: StudentVerificationRow }
  | { ok: false; reason: 'open' | 'taken' | 'mail_cap' | 'documents' }
  | { ok: false; reason: 'verified'; renewFrom: Date };

export type ConfirmResult =
  | { status: 'verified'; row: StudentVerificationRow }
  | { status: 'taken'; urlLocal: string }
  | { status: 'invalid' };

export type ReviewDecision = { decision: 'approve'; months: number } | { decision: 'reject'; reason: string };
export type ReviewResult = { ok: true; row: StudentVerificationRow } | { ok: false; reason: 'not_found' | 'state' };

/** The status a row reads as: verified past its validity is expired; closed states and dead links read as none. */
const STATUS_SQL = `CASE WHEN v.state = 'verified' AND v.valid_until <= now() THEN 'expired'
  WHEN v.state IN ('withdrawn', 'superseded') THEN 'none'
  WHEN v.state = 'awaiting_link' AND v.token_expires_at <= now() THEN 'none' ELSE v.state END`;
const COLUMNS = `v.id::text AS id, v.user_id, v.local, v.url_local, v.method, v.state, (${STATUS_SQL}) AS status,
  v.school_email, v.school_name, v.valid_until, v.verified_at, v.reject_reason, v.token_expires_at, v.created_at,
  u.email AS account_email`;
const FROM = `FROM student_verifications v JOIN users u ON u.id = v.user_id`;
/** A verification's new validity: from now, or from the end of the status it renews when that is later. */
const NEW_VALIDITY = `greatest(now(), coalesce((SELECT valid_until FROM student_verifications
  WHERE user_id = $1 AND state = 'verified'), now())) + make_interval(months => $2::int)`;

const isId = (id: string) => /^\d{1,18}$/.test(id);
const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

class Rollback extends Error {
  constructor(readonly reason: 'documents' | 'mail_cap') {
    super('rollback');
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Student statuses (the student programme): a shopper verifies once per account by a link mailed to a school address
 * or by a document staff review; a verified status lasts its validity and may be renewed in its last days. One
 * verified status and one open request per account, and one account per school address, are kept by the indexes of
 * migration 046 and by the account's lock, which every write of an account's verifications takes first.
 */
export function studentsRepository(db: Database) {
  const lockAccount = (q: Queryable, userId: number) =>
    q.query(`SELECT pg_advisory_xact_lock(hashtext('student-status'), $1::int)`, [userId]);
  async function row(q: Queryable, id: string, lock = false): Promise<StudentVerificationRow | null> {
    const rows = await q.query<StudentVerificationRow>(
      `SELECT ${COLUMNS} ${FROM} WHERE v.id = $1${lock ? ' FOR UPDATE OF v' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }
  async function documentsOf(q: Queryable, id: string): Promise<UploadMeta[]> {
    return q.query<UploadMeta>(
      `SELECT id::text AS id, file_name, content_type, size, created_at FROM uploads WHERE student_verification_id = $1
       ORDER BY created_at, id`,
      [id],
    );
  }
  /**
   * Why the account may not start a verification now: a document in review, or a verified status before its renewal
   * window. Withdraws a link still waiting (a newer request replaces it, and its link stops working).
   */
  async function prepareStart(
    tx: Queryable,
    userId: number,
  ): Promise<{ ok: false; reason: 'open' } | { ok: false; reason: 'verified'; renewFrom: Date } | null> {
    const [state] = await tx.query<{ in_review: boolean; renew_from: Date | null; renewable: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM student_verifications WHERE user_id = $1 AND state = 'in_review') AS in_review,
         (SELECT valid_until - make_interval(days => $2::int) FROM student_verifications
           WHERE user_id = $1 AND state = 'verified') AS renew_from,
         coalesce((SELECT valid_until - make_interval(days => $2::int) <= now() FROM student_verifications
           WHERE user_id = $1 AND state = 'verified'), true) AS renewable`,
      [userId, STUDENT_RENEWAL_DAYS],
    );
    if (state!.in_review) return { ok: false, reason: 'open' };
    if (!state!.renewable) return { ok: false, reason: 'verified', renewFrom: state!.renew_from! };
    await tx.query(
      `UPDATE student_verifications SET state = 'withdrawn', token_hash = NULL, updated_at = now()
       WHERE user_id = $1 AND state = 'awaiting_link'`,
      [userId],
    );
    return null;
  }
  /** Makes a verification the account's verified status; the one it renews is superseded. */
  async function makeVerified(tx: Queryable, userId: number, id: string, months: number): Promise<void> {
    await tx.query(
      `UPDATE student_verifications SET valid_until = ${NEW_VALIDITY}, verified_at = now(), token_hash = NULL,
         updated_at = now() WHERE id = $3`,
      [userId, months, id],
    );
    await tx.query(
      `UPDATE student_verifications SET state = 'superseded', updated_at = now() WHERE user_id = $1
         AND state = 'verified'`,
      [userId],
    );
    await tx.query(`UPDATE student_verifications SET state = 'verified' WHERE id = $1`, [id]);
  }
  async function notify(tx: Queryable, account: StudentVerificationRow, notice: Notice, key: string): Promise<void> {
    await postMessageIn(tx, {
      userId: account.user_id,
      kind: 'system',
      title: notice.title,
      body: notice.body,
      link: `/${account.url_local}/user/student/`,
    });
    if (notice.mail) await mailOutbox.enqueue(tx, { ...notice.mail, dedupeKey: key });
  }

  return {
    /** The account's verified status (valid or expired), its newest open or decided request, and the database clock. */
    async overview(userId: number): Promise<StudentOverview> {
      const rows = await db.query<StudentVerificationRow & { now: Date }>(
        `SELECT ${COLUMNS}, now() AS now ${FROM} WHERE v.user_id = $1
           AND v.state IN ('awaiting_link', 'in_review', 'verified', 'rejected')
         ORDER BY v.created_at DESC, v.id DESC`,
        [userId],
      );
      const verified = rows.find((r) => r.state === 'verified') ?? null;
      // A request counts when it is newer than the verified status (a renewal, or a rejection after it).
      const request =
        rows.find(
          (r) => r.state !== 'verified' && r.status !== 'none' && (!verified || Number(r.id) > Number(verified.id)),
        ) ?? null;
      const now = rows[0]?.now ?? (await db.query<{ now: Date }>(`SELECT now() AS now`))[0]!.now;
      return {
        verified,
        request,
        documents: request?.method === 'document' ? await documentsOf(db, request.id) : [],
        now: new Date(now),
      };
    },

    /** The account's valid status now (verified, not expired) with the database clock, or null. */
    async validStatus(userId: number): Promise<{ local: string; validUntil: Date; now: Date } | null> {
      const rows = await db.query<{ local: string; valid_until: Date; now: Date }>(
        `SELECT local, valid_until, now() AS now FROM student_verifications
         WHERE user_id = $1 AND state = 'verified' AND valid_until > now()`,
        [userId],
      );
      const r = rows[0];
      return r ? { local: r.local, validUntil: new Date(r.valid_until), now: new Date(r.now) } : null;
    },

    /** Who holds a school address (the account it verified), or null. */
    async addressHolder(email: string): Promise<number | null> {
      const rows = await db.query<{ user_id: number }>(
        `SELECT user_id FROM student_school_addresses WHERE email = $1`,
        [email],
      );
      return rows[0]?.user_id ?? null;
    },

    /**
     * Starts a verification by school address: the link's token is hashed into a new awaiting_link row and its mail
     * queued in the same transaction (refused, and nothing written, past the address's hourly mail cap).
     */
    async startEmail(
      input: { userId: number; local: string; urlLocal: string; email: string },
      mail: (token: string, expiresAt: Date) => OutgoingMail,
    ): Promise<StartResult> {
      try {
        return await db.transaction(async (tx) => {
          await lockAccount(tx, input.userId);
          const refused = await prepareStart(tx, input.userId);
          if (refused) return refused;
          const holder = await tx.query<{ user_id: number }>(
            `SELECT user_id FROM student_school_addresses WHERE email = $1`,
            [input.email],
          );
          if (holder[0] && holder[0].user_id !== input.userId) return { ok: false, reason: 'taken' } as const;
          const token = newToken();
          const [inserted] = await tx.query<{ id: string; token_expires_at: Date }>(
            `INSERT INTO student_verifications (user_id, local, url_local, method, state, school_email, token_hash,
               token_expires_at)
             VALUES ($1, $2, $3, 'email', 'awaiting_link', $4, $5, now() + make_interval(hours => $6::int))
             RETURNING id::text AS id, token_expires_at`,
            [input.userId, input.local, input.urlLocal, input.email, hashToken(token), STUDENT_LINK_HOURS],
          );
          const queued = await mailOutbox.enqueue(tx, mail(token, new Date(inserted!.token_expires_at)));
          if (queued === null) throw new Rollback('mail_cap');
          return { ok: true, row: (await row(tx, inserted!.id))! } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return { ok: false, reason: 'mail_cap' };
        if (isUniqueViolation(err)) return { ok: false, reason: 'open' };
        throw err;
      }
    },

    /** The school address of a link still waiting to be opened (the confirmation page names it), or null. */
    async peekLink(token: string): Promise<{ email: string; urlLocal: string } | null> {
      const rows = await db.query<{ school_email: string; url_local: string }>(
        `SELECT school_email, url_local FROM student_verifications
         WHERE token_hash = $1 AND state = 'awaiting_link' AND token_expires_at > now()`,
        [hashToken(token)],
      );
      return rows[0] ? { email: rows[0].school_email, urlLocal: rows[0].url_local } : null;
    },

    /**
     * Opens a link once: the school address is bound to the account (the first account to confirm an address keeps
     * it; another's confirmation is withdrawn) and the verification becomes the account's verified status.
     */
    async confirmLink(token: string, approved: (row: StudentVerificationRow) => Notice): Promise<ConfirmResult> {
      const hash = hashToken(token);
      const owner = await db.query<{ user_id: number }>(
        `SELECT user_id FROM student_verifications WHERE token_hash = $1`,
        [hash],
      );
      if (!owner[0]) return { status: 'invalid' };
      const userId = owner[0].user_id;
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [link] = await tx.query<{ id: string; school_email: string; url_local: string }>(
          `SELECT id::text AS id, school_email, url_local FROM student_verifications
           WHERE token_hash = $1 AND state = 'awaiting_link' AND token_expires_at > now() FOR UPDATE`,
          [hash],
        );
        if (!link) return { status: 'invalid' as const };
        await tx.query(
          `INSERT INTO student_school_addresses (email, user_id) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`,
          [link.school_email, userId],
        );
        const [holder] = await tx.query<{ user_id: number }>(
          `SELECT user_id FROM student_school_addresses WHERE email = $1`,
          [link.school_email],
        );
        if (holder!.user_id !== userId) {
          await tx.query(
            `UPDATE student_verifications SET state = 'withdrawn', token_hash = NULL, updated_at = now() WHERE id = $1`,
            [link.id],
          );
          return { status: 'taken' as const, urlLocal: link.url_local };
        }
        await makeVerified(tx, userId, link.id, STUDENT_VALIDITY_MONTHS);
        const verified = (await row(tx, link.id))!;
        await notify(tx, verified, approved(verified), `student-verified:${link.id}`);
        return { status: 'verified' as const, row: verified };
      });
    },

    /** Sends a document (a student card, an enrolment letter) for staff review: the account's unattached uploads. */
    async submitDocument(
      input: { userId: number; local: string; urlLocal: string; schoolName: string; documentIds: readonly string[] },
      received: (row: StudentVerificationRow) => Notice,
    ): Promise<StartResult> {
      const ids = input.documentIds;
      if (ids.length === 0 || ids.length > UPLOADS_PER_REQUEST || !ids.every(isUuid))
        return { ok: false, reason: 'documents' };
      try {
        return await db.transaction(async (tx) => {
          await lockAccount(tx, input.userId);
          const refused = await prepareStart(tx, input.userId);
          if (refused) return refused;
          const [inserted] = await tx.query<{ id: string }>(
            `INSERT INTO student_verifications (user_id, local, url_local, method, state, school_name)
             VALUES ($1, $2, $3, 'document', 'in_review', $4) RETURNING id::text AS id`,
            [input.userId, input.local, input.urlLocal, input.schoolName],
          );
          const attached = await tx.query(
            `UPDATE uploads SET student_verification_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3
               AND ${UNATTACHED_UPLOAD} RETURNING id`,
            [inserted!.id, ids, input.userId],
          );
          if (attached.length !== new Set(ids).size) throw new Rollback('documents');
          const created = (await row(tx, inserted!.id))!;
          await notify(tx, created, received(created), `student-received:${created.id}`);
          return { ok: true, row: created } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return { ok: false, reason: 'documents' };
        if (isUniqueViolation(err)) return { ok: false, reason: 'open' };
        throw err;
      }
    },

    /** Verifications of a country for staff, oldest first; documents in review by default. */
    async staffList(
      local: string,
      status: 'in_review' | 'verified' | 'expired' | 'rejected' | 'all',
      limit = 100,
    ): Promise<StudentVerificationRow[]> {
      return db.query<StudentVerificationRow>(
        `SELECT ${COLUMNS} ${FROM} WHERE v.local = $1 AND v.state NOT IN ('withdrawn', 'superseded')
           AND ($2::text IS NULL OR (${STATUS_SQL}) = $2::text)
         ORDER BY v.created_at, v.id LIMIT $3`,
        [local, status === 'all' ? null : status, limit],
      );
    },

    /** One verification with its documents, for staff of its country. */
    async staffDetail(
      local: string,
      id: string,
    ): Promise<{ verification: StudentVerificationRow; documents: UploadMeta[] } | null> {
      if (!isId(id)) return null;
      const found = await row(db, id);
      if (!found || found.local !== local) return null;
      return { verification: found, documents: await documentsOf(db, id) };
    },

    /**
     * Staff decide on a document in review: approve (verified for `months`, from the end of the status it renews when
     * that is later) or reject with a reason. The holder gets a message and a mail in the same transaction.
     */
    async review(
      local: string,
      id: string,
      staffId: number,
      decision: ReviewDecision,
      decided: (row: StudentVerificationRow) => Notice,
    ): Promise<ReviewResult> {
      if (!isId(id)) return { ok: false, reason: 'not_found' };
      const owner = await db.query<{ user_id: number; local: string }>(
        `SELECT user_id, local FROM student_verifications WHERE id = $1`,
        [id],
      );
      if (!owner[0] || owner[0].local !== local) return { ok: false, reason: 'not_found' };
      const userId = owner[0].user_id;
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const current = await row(tx, id, true);
        if (!current) return { ok: false, reason: 'not_found' } as const;
        if (current.state !== 'in_review') return { ok: false, reason: 'state' } as const;
        await tx.query(`UPDATE student_verifications SET reviewed_by = $2, reviewed_at = now() WHERE id = $1`, [
          id,
          staffId,
        ]);
        if (decision.decision === 'approve') await makeVerified(tx, userId, id, decision.months);
        else
          await tx.query(
            `UPDATE student_verifications SET state = 'rejected', reject_reason = $2, updated_at = now() WHERE id = $1`,
            [id, decision.reason],
          );
        const after = (await row(tx, id))!;
        await notify(tx, after, decided(after), `student-${decision.decision}:${id}`);
        return { ok: true, row: after } as const;
      });
    },

    /**
     * Tells holders whose status entered its renewal window (once per status): each row is claimed by one process
     * with its notice in the same transaction. Returns how many were told.
     */
    async noticeRenewals(renewal: (row: StudentVerificationRow) => Notice, limit = 100): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx.query<{ id: string }>(
          `UPDATE student_verifications SET renewal_noticed_at = now() WHERE id IN (
             SELECT id FROM student_verifications WHERE state = 'verified' AND renewal_noticed_at IS NULL
               AND valid_until > now() AND valid_until - make_interval(days => $1::int) <= now()
             ORDER BY valid_until LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id::text AS id`,
          [STUDENT_RENEWAL_DAYS, limit],
        );
        for (const { id } of due) {
          const holder = (await row(tx, id))!;
          await notify(tx, holder, renewal(holder), `student-renewal:${id}`);
        }
        return due.length;
      });
    },

    /**
     * Sets the validity end of the user's verified status (operators and browser tests: a past date makes it expired,
     * a date within the renewal window opens it); null when there is none.
     */
    async setValidUntil(userId: number, validUntil: Date): Promise<string | null> {
      const rows = await db.query<{ id: string }>(
        `UPDATE student_verifications SET valid_until = $2, renewal_noticed_at = NULL, updated_at = now()
         WHERE user_id = $1 AND state = 'verified' RETURNING id::text AS id`,
        [userId, validUntil],
      );
      return rows[0]?.id ?? null;
    },
  };
}

export type StudentsRepository = ReturnType<typeof studentsRepository>;
