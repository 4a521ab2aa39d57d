import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import { hashPassword, verifyPassword } from './password';

interface Log {
  warn(obj: object | string, msg?: string): void;
}

/**
 * The seeded support staff account (§6 roles). With STAFF_PASSWORD the account is made or kept in step with it;
 * without, a missing account is made with a random password that is logged once (and never stored in the repo).
 * Staff sign in on the ordinary sign-in page and find the console at /{storefront}/support/console/.
 */
export async function ensureStaffAccount(db: Database, opts: { email: string; password: string | undefined; log: Log }): Promise<void> {
  const email = opts.email.toLowerCase();
  const existing = (await db.query<{ id: number; password_hash: string; role: string }>(`SELECT id, password_hash, role FROM users WHERE email = $1`, [email]))[0];
  if (existing && !opts.password) {
    if (existing.role !== 'staff') await db.query(`UPDATE users SET role = 'staff' WHERE id = $1`, [existing.id]);
    return;
  }
  if (existing && opts.password && existing.role === 'staff' && (await verifyPassword(opts.password, existing.password_hash))) return;
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  await db.query(
    `INSERT INTO users (email, password_hash, nickname, c_user_id, received_join_tokens, role) VALUES ($1, $2, 'Support', $3, true, 'staff')
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = 'staff'`,
    [email, hash, randomBytes(9).toString('base64url')],
  );
  if (!opts.password) opts.log.warn({ email, password }, 'created the support staff account; set STAFF_PASSWORD to choose its password');
}
