/**
 * The pure part of paying at a convenience-store counter: the chain of a method key, and whether a code is still
 * to be paid (shown only while its payment waits and its deadline has not passed).
 */
import { STORES, type StoreId } from '../../server/schemas/payment-methods';

/** The chain of a konbini method key ('konbini:lawson' → 'lawson'); null for any other key. */
export function konbiniStoreOf(key: string): StoreId | null {
  const [method, store] = key.split(':');
  return method === 'konbini' && (STORES as readonly string[]).includes(store ?? '') ? (store as StoreId) : null;
}

/** A code is shown while its payment is pending and before its deadline; paid or lapsed, it is of no use. */
export const codeIsOpen = (c: { state: string; expiresAt: number }, now: number): boolean =>
  c.state === 'pending' && c.expiresAt > now;
