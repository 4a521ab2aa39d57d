import type { Queryable } from '../db/types';
import type { Storefront } from '../storefront';
import type { FieldErrorKey } from '../auth/account-form';
import type { FriendCodesRepository } from '../repositories/friend-codes';
import { friendProgrammeFor } from '../../sites/friend-codes';
import { normaliseFriendCode } from './code';

/** The sign-up form's friend-code field where the programme runs (registerPage's `friendCode`), else nothing. */
export function friendCodeField(storefront: Storefront, value: string | undefined): { friendCode?: { value: string } } {
  return friendProgrammeFor(storefront.local) ? { friendCode: { value: (value ?? '').trim().slice(0, 20) } } : {};
}

/** The field's messages of a refused code. */
export type FriendCodeError = Extract<FieldErrorKey, `friend.${string}`>;
/** What the sign-up form's friend code is: none typed, a code to keep with the sign-up, or the field's error. */
export type TypedFriendCode = { code: string | null } | { error: FriendCodeError };

/**
 * Checks the code typed on the sign-up form before anything is sent: it must be someone's, in a country where the
 * programme runs. The answer is the same whatever the typed address, so it says nothing of who holds an account.
 */
export async function checkTypedFriendCode(
  q: Queryable,
  friends: Pick<FriendCodesRepository, 'ownerIn'>,
  storefront: Storefront,
  typed: string,
): Promise<TypedFriendCode> {
  if (!typed.trim()) return { code: null };
  if (!friendProgrammeFor(storefront.local)) return { error: 'friend.error.notOffered' };
  const code = normaliseFriendCode(typed);
  if (!code || !(await friends.ownerIn(q, code))) return { error: 'friend.error.codeUnknown' };
  return { code };
}
