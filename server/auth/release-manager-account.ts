import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import { hashPassword, verifyPassword } from './password';

interface Log {
  warn(obj: object | string, msg?: string): void;
}

/**
 * The seeded release manager account, made like the support staff one (staff-account.ts) from
 * RELEASE_MANAGER_EMAIL / RELEASE_MANAGER_PASSWORD: without a password a missing account gets a random one that is
 * logged once. Release managers sign in on the ordinary sign-in page and find the console at
 * /{storefront}/releases/console/. Support staff are not release managers: the roles are apart.
 */
export async function ensureReleaseManagerAccount(db: Database, opts: { email: string; password: string | undefined; log: Log }): Promise<void> {
  const email = opts.email.toLowerCase();
  const existing = (await db.query<{ id: number; password_hash: string; role: string }>(`SELECT id, password_hash, role FROM users WHERE email = $1`, [email]))[0];
  if (existing && !opts.password) {
    if (existing.role !== 'release_manager') await db.query(`UPDATE users SET role = 'release_manager' WHERE id = $1`, [existing.id]);
    return;
  }
  if (existing && opts.password && existing.role === 'release_manager' && (await verifyPassword(opts.password, existing.password_hash))) return;
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  await db.query(
    `INSERT INTO users (email, password_hash, nickname, c_user_id, received_join_tokens, role) VALUES ($1, $2, 'Releases', $3, true, 'release_manager')
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = 'release_manager'`,
    [email, hash, randomBytes(9).toString('base64url')],
  );
  if (!opts.password) opts.log.warn({ email, password }, 'created the release manager account; set RELEASE_MANAGER_PASSWORD to choose its password');
}
