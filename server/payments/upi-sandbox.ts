import type { Database } from '../db/types';
import type { AsyncAction } from './async-provider';
import { sandboxQrSvg } from './sandbox-qr';
import { upiIntentUrl, type UpiIdCheck, type UpiPayee } from './upi';
import type { UpiFlow } from '../schemas/upi-payments';

/**
 * The sandbox's UPI: which UPI IDs it knows, the collect requests and intents it opened (sandbox_upi_requests beside
 * its async payments), and the test UPI IDs that make it fail. Sandbox test values (README "UPI"):
 */
export const UPI_SANDBOX_IDS = {
  /** Its UPI app declines every collect request as soon as it sees one. */
  declines: 'fail@sandbox',
  /** Verifying it fails as when the payer's bank does not answer ("get token failed"). */
  unavailable: 'unavailable@sandbox',
  /** No account answers to it. */
  unknown: 'unknown@sandbox',
} as const;

/** The store as the sandbox's payee: what the intent link and the payer's app name. */
export const UPI_SANDBOX_PAYEE: UpiPayee = { vpa: 'mistore@sandbox', name: 'Mi Store (sandbox)' };

/** The sandbox's answer to "does this UPI ID exist?": every well-formed ID does, except the test values. */
export function sandboxUpiIdCheck(vpa: string): UpiIdCheck {
  if (vpa === UPI_SANDBOX_IDS.unavailable) return 'unavailable';
  if (vpa === UPI_SANDBOX_IDS.unknown) return 'unknown';
  return 'valid';
}

/** The sandbox's pages that play the payer's UPI app: the app of a UPI ID (collect), one request (intent scan). */
export const upiSandboxAppPath = (urlLocal: string, vpa: string) =>
  `/api/${urlLocal}/pay/upi/sandbox/app/${encodeURIComponent(vpa)}`;
export const upiSandboxScanPath = (urlLocal: string, ref: string) => `/api/${urlLocal}/pay/upi/sandbox/pay/${ref}`;

interface OpenedRow {
  ref: string;
  amount: number;
  currency: string;
  url_local: string;
  expires_at: Date;
}

export interface UpiRequest {
  ref: string;
  flow: UpiFlow;
  vpa: string | null;
}

/** The UPI request of a sandbox payment, or null. */
export async function upiRequestOf(db: Database, ref: string): Promise<UpiRequest | null> {
  const rows = await db.query<UpiRequest>(`SELECT ref, flow, vpa FROM sandbox_upi_requests WHERE ref = $1`, [ref]);
  return rows[0] ?? null;
}

/**
 * Notes how a UPI payment the sandbox just opened is paid (the first start of a reference decides; a retry gets
 * the same request) and answers the shopper's action: nothing to do here for a collect (the request waits in the
 * payer's UPI app), the intent link as a QR to scan for an intent (a phone opens the same link).
 */
export async function openUpiRequest(db: Database, row: OpenedRow, vpa: string | null): Promise<AsyncAction> {
  await db.query(`INSERT INTO sandbox_upi_requests (ref, flow, vpa) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING`, [
    row.ref,
    vpa ? 'collect' : 'intent',
    vpa,
  ]);
  const request = (await upiRequestOf(db, row.ref))!;
  const expiresAt = new Date(row.expires_at);
  if (request.flow === 'collect') return { kind: 'none', expiresAt };
  const payload = upiIntentUrl(UPI_SANDBOX_PAYEE, {
    amountMinor: row.amount,
    currency: row.currency,
    reference: row.ref,
  });
  return {
    kind: 'qr',
    svg: sandboxQrSvg(payload),
    payload,
    pageUrl: upiSandboxScanPath(row.url_local, row.ref),
    expiresAt,
  };
}

/** True for a pending collect request to the test UPI ID whose app declines everything. */
export async function upiDeclinedAtOnce(db: Database, ref: string): Promise<boolean> {
  const request = await upiRequestOf(db, ref);
  return request?.flow === 'collect' && request.vpa === UPI_SANDBOX_IDS.declines;
}

/** The collect requests to one UPI ID of one store account (what that UPI app lists), newest first. */
export async function collectsTo(db: Database, vpa: string, userId: number, urlLocal: string): Promise<string[]> {
  const rows = await db.query<{ ref: string }>(
    `SELECT r.ref FROM sandbox_upi_requests r JOIN sandbox_async_payments p ON p.ref = r.ref
     WHERE r.vpa = $1 AND p.user_id = $2 AND p.url_local = $3 ORDER BY p.created_at DESC, r.ref LIMIT 20`,
    [vpa, userId, urlLocal],
  );
  return rows.map((r) => r.ref);
}
