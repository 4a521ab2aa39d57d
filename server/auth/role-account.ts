import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import { hashPassword, verifyPassword } from './password';

interface Log {
  warn(obj: object | string, msg?: string): void;
}

export interface RoleAccount {
  role: 'staff' | 'release_manager';
  /** The name the account shows (its nickname). */
  nickname: string;
  /** What the log calls it ("support staff"). */
  label: string;
  email: string;
  password: string | undefined;
  /** The setting that chooses the password, named in the log line of a made-up one. */
  passwordSetting: string;
  log: Log;
}

/**
 * A seeded account of a role that signs in on the ordinary sign-in page. With a password the account is made or
 * kept in step with it; without, a missing account is made with a random password that is logged once (and never
 * stored in the repo), and an existing account keeps its password and gets the role.
 */
export async function ensureRoleAccount(db: Database, account: RoleAccount): Promise<void> {
  const email = account.email.toLowerCase();
  const existing = (
    await db.query<{ id: number; password_hash: string; role: string }>(
      `SELECT id, password_hash, role FROM users WHERE email = $1`,
      [email],
    )
  )[0];
  if (existing && !account.password) {
    if (existing.role !== account.role)
      await db.query(`UPDATE users SET role = $2 WHERE id = $1`, [existing.id, account.role]);
    return;
  }
  if (
    existing &&
    account.password &&
    existing.role === account.role &&
    (await verifyPassword(account.password, existing.password_hash))
  )
    return;
  const password = account.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  await db.query(
    `INSERT INTO users (email, password_hash, nickname, c_user_id, received_join_tokens, role)
     VALUES ($1, $2, $3, $4, true, $5)
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role`,
    [email, hash, account.nickname, randomBytes(9).toString('base64url'), account.role],
  );
  if (!account.password)
    account.log.warn(
      { email, password },
      `created the ${account.label} account; set ${account.passwordSetting} to choose its password`,
    );
}
