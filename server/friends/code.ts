import { randomInt } from 'node:crypto';

/**
 * The characters of a friend code: digits and capitals without the ones read or heard as others (0/O, 1/I/L, U/V).
 * The migration's check on friend_codes.code names the same set.
 */
export const FRIEND_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A code's length: 30^8 (6.6 × 10^11) codes, so a guessed code is almost never someone's. */
export const FRIEND_CODE_LENGTH = 8;

/** A new random code (crypto-strong, so nobody predicts the next shopper's). */
export function newFriendCode(): string {
  let code = '';
  for (let i = 0; i < FRIEND_CODE_LENGTH; i++) code += FRIEND_CODE_ALPHABET[randomInt(FRIEND_CODE_ALPHABET.length)];
  return code;
}

/**
 * A typed or linked code as stored, or null when it cannot be one: case, blanks and dashes do not matter
 * (`k7q3-p9xa` is `K7Q3P9XA`).
 */
export function normaliseFriendCode(input: string | undefined): string | null {
  const code = (input ?? '').toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== FRIEND_CODE_LENGTH) return null;
  return [...code].every((c) => FRIEND_CODE_ALPHABET.includes(c)) ? code : null;
}

/** The code as shown: two groups of four, easier to read aloud (`K7Q3-P9XA`). */
export function displayFriendCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
