import { createHash, randomBytes } from 'node:crypto';

/** A new random opaque token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores for a token: its SHA-256, so a leaked table does not give working sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
