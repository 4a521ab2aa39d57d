import type { Database } from '../db/types';
import { ensureRoleAccount, type RoleAccount } from './role-account';

/**
 * The seeded support staff account, from STAFF_EMAIL / STAFF_PASSWORD (role-account.ts). Staff sign in on the
 * ordinary sign-in page and find the console at /{storefront}/support/console/.
 */
export function ensureStaffAccount(
  db: Database,
  opts: { email: string; password: string | undefined; log: RoleAccount['log'] },
): Promise<void> {
  return ensureRoleAccount(db, {
    ...opts,
    role: 'staff',
    label: 'support staff',
    nickname: 'Support',
    passwordSetting: 'STAFF_PASSWORD',
  });
}
