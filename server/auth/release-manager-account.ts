import type { Database } from '../db/types';
import { ensureRoleAccount, type RoleAccount } from './role-account';

/**
 * The seeded release manager account, from RELEASE_MANAGER_EMAIL / RELEASE_MANAGER_PASSWORD (role-account.ts).
 * Release managers sign in on the ordinary sign-in page and find the console at /{storefront}/releases/console/.
 * Support staff are not release managers: the roles are apart.
 */
export function ensureReleaseManagerAccount(
  db: Database,
  opts: { email: string; password: string | undefined; log: RoleAccount['log'] },
): Promise<void> {
  return ensureRoleAccount(db, {
    ...opts,
    role: 'release_manager',
    label: 'release manager',
    nickname: 'Releases',
    passwordSetting: 'RELEASE_MANAGER_PASSWORD',
  });
}
