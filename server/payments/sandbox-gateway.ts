import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import {
  cardBrand,
  cardDigits,
  isExpired,
  UNSUPPORTED_BRANDS,
  type CardBrand,
} from '../../region-config/payment-cards';
import type {
  ChargeOutcome,
  ChargeRecord,
  ChargeRequest,
  DeclineCode,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
} from './provider';
import { sandboxRefund } from './sandbox-refunds';

/** How a test card behaves; every other valid card of a supported brand is approved. */
type Behaviour = 'approve' | 'decline' | 'insufficient_funds' | 'expired_card' | 'otp' | 'otp_send_fails';

/**
 * The documented test cards (README "Paying in the sandbox"). Any expiry in the future and any CVV of the
 * brand's length work; the one-time password of the OTP cards is SANDBOX_OTP.
 */
export const SANDBOX_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000003220': 'otp',
  '4000000000003238': 'otp_send_fails',
};
export const SANDBOX_OTP = '123456';
/** Wrong passwords allowed before the charge is declined. */
export const OTP_ATTEMPTS = 3;

const DECLINES: Partial<Record<Behaviour, DeclineCode>> = {
  decline: 'declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  otp_send_fails: 'otp_failed',
};

interface ChargeRow {
  ref: string;
  reference: string;
  amount: string;
  brand: CardBrand | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  behaviour: Behaviour | null;
  status: 'otp_required' | 'succeeded' | 'declined' | 'cancelled';
  otp_attempts: number;
  tokenize: boolean;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SandboxGatewayOptions {
  /**
   * Simulated network time of each call, half before the gateway acts and half after (its answer travelling
   * back): tests of races and crashes use it to widen the window in which a charge is made but not yet recorded.
   */
  latencyMs?: number;
}

/**
 * A card gateway that runs inside the store, for development, tests and demos: no network, no third party.
 * Its books are tables of the same database, so every API process sees the same charges, and a charge is
 * made once per store reference however often it is asked.
 */
export function sandboxGateway(db: Database, options: SandboxGatewayOptions = {}): PaymentProvider {
  const half = Math.max(0, options.latencyMs ?? 0) / 2;
  /** Runs one gateway call with the simulated network time around it. */
  async function overNetwork<T>(call: () => Promise<T>): Promise<T> {
    if (half > 0) await sleep(half);
    const result = await call();
    if (half > 0) await sleep(half);
    return result;
  }

  const byReference = async (reference: string) =>
    (await db.query<ChargeRow>(`SELECT * FROM sandbox_gateway_charges WHERE reference = $1`, [reference]))[0] ?? null;

  /** What a charge row says, as the gateway answers it. */
  async function settle(row: ChargeRow): Promise<ChargeOutcome> {
    if (row.status === 'cancelled') return { status: 'declined', code: 'cancelled' };
    if (row.status === 'otp_required')
      return { status: 'otp_required', providerRef: row.ref, brand: row.brand!, last4: row.last4! };
    if (row.status === 'declined')
      return {
        status: 'declined',
        code: 'declined',
        ...(row.brand ? { brand: row.brand } : {}),
        ...(row.last4 ? { last4: row.last4 } : {}),
      };
    let token: string | undefined;
    if (row.tokenize) {
      token = newId('tok');
      await db.query(
        `INSERT INTO sandbox_gateway_tokens (token, brand, last4, exp_month, exp_year, behaviour)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [token, row.brand, row.last4, row.exp_month, row.exp_year, row.behaviour === 'otp' ? 'approve' : row.behaviour],
      );
    }
    return {
      status: 'succeeded',
      providerRef: row.ref,
      brand: row.brand,
      last4: row.last4,
      expiry: { month: row.exp_month ?? 0, year: row.exp_year ?? 0 },
      ...(token ? { token } : {}),
    };
  }

  async function charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const earlier = await byReference(request.reference);
    if (earlier) return settle(earlier);

    let card: { brand: CardBrand; last4: string; month: number; year: number; behaviour: Behaviour };
    if ('token' in request.source) {
      const saved = (
        await db.query<{ brand: CardBrand; last4: string; exp_month: number; exp_year: number; behaviour: Behaviour }>(
          `SELECT brand, last4, exp_month, exp_year, behaviour FROM sandbox_gateway_tokens WHERE token = $1`,
          [request.source.token],
        )
      )[0];
      if (!saved) return { status: 'declined', code: 'token_unknown' };
      if (!/^\d{3,4}$/.test(request.source.cvv))
        return { status: 'declined', code: 'invalid_cvv', brand: saved.brand, last4: saved.last4 };
      card = {
        brand: saved.brand,
        last4: saved.last4,
        month: saved.exp_month,
        year: saved.exp_year,
        behaviour: saved.behaviour,
      };
    } else {
      const digits = cardDigits(request.source.card.number);
      const brand = cardBrand(digits);
      if (!brand || UNSUPPORTED_BRANDS.includes(brand)) return { status: 'declined', code: 'card_not_supported' };
      card = {
        brand,
        last4: digits.slice(-4),
        month: request.source.card.expiry.month,
        year: request.source.card.expiry.year,
        behaviour: SANDBOX_CARDS[digits] ?? 'approve',
      };
    }
    if (isExpired({ month: card.month, year: card.year }))
      return { status: 'declined', code: 'expired_card', brand: card.brand, last4: card.last4 };

    const decline = DECLINES[card.behaviour];
    const status = decline ? 'declined' : card.behaviour === 'otp' ? 'otp_required' : 'succeeded';
    const inserted = await db.query<ChargeRow>(
      `INSERT INTO sandbox_gateway_charges (ref, reference, amount, currency, brand, last4, exp_month, exp_year,
         behaviour, status, tokenize)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (reference) DO NOTHING RETURNING *`,
      [
        newId('ch'),
        request.reference,
        request.amountMinor,
        request.currency,
        card.brand,
        card.last4,
        card.month,
        card.year,
        card.behaviour,
        status,
        request.tokenize,
      ],
    );
    // A parallel call with the same reference, or a cancellation of it, came first: answer with what it left.
    const row = inserted[0] ?? (await byReference(request.reference))!;
    if (inserted[0] && decline) return { status: 'declined', code: decline, brand: card.brand, last4: card.last4 };
    return settle(row);
  }

  async function confirmOtp(providerRef: string, otp: string): Promise<ChargeOutcome> {
    // One statement decides: a right password settles a waiting charge; a wrong one counts, and the last wrong one
    // declines.
    const rows = await db.query<ChargeRow & { was: string }>(
      `UPDATE sandbox_gateway_charges SET
         status = CASE WHEN $2 = $3 THEN 'succeeded' WHEN otp_attempts + 1 >= $4 THEN 'declined' ELSE status END,
         otp_attempts = otp_attempts + CASE WHEN $2 = $3 THEN 0 ELSE 1 END
       WHERE ref = $1 AND status = 'otp_required'
       RETURNING *, CASE WHEN $2 = $3 THEN 'right' ELSE 'wrong' END AS was`,
      [providerRef, otp, SANDBOX_OTP, OTP_ATTEMPTS],
    );
    const row = rows[0];
    if (!row) {
      const current = (
        await db.query<ChargeRow>(`SELECT * FROM sandbox_gateway_charges WHERE ref = $1`, [providerRef])
      )[0];
      return current ? settle(current) : { status: 'declined', code: 'declined' };
    }
    if (row.was === 'wrong')
      return row.status === 'declined'
        ? { status: 'declined', code: 'otp_failed', brand: row.brand!, last4: row.last4! }
        : { status: 'declined', code: 'otp_wrong', brand: row.brand!, last4: row.last4! };
    return settle(row);
  }

  async function retrieve(reference: string): Promise<ChargeRecord> {
    const row = await byReference(reference);
    if (!row) return { status: 'none' };
    // A token is handed out once, with the charge's first answer; a lookup never makes another.
    return settle({ ...row, tokenize: false });
  }

  async function cancel(reference: string): Promise<ChargeOutcome> {
    // One statement decides, so a charge or a one-time password racing this call is made before it (and stands) or
    // never.
    const row = (
      await db.query<ChargeRow>(
        `INSERT INTO sandbox_gateway_charges (ref, reference, amount, currency, status)
         VALUES ($1, $2, 0, '', 'cancelled')
       ON CONFLICT (reference) DO UPDATE SET status = CASE WHEN sandbox_gateway_charges.status = 'otp_required'
         THEN 'cancelled' ELSE sandbox_gateway_charges.status END
       RETURNING *`,
        [newId('ch'), reference],
      )
    )[0]!;
    return settle({ ...row, tokenize: false });
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    return sandboxRefund(
      db,
      { provider: 'sandbox', table: 'sandbox_gateway_charges', refundable: `status = 'succeeded'` },
      request,
    );
  }

  return {
    id: 'sandbox',
    charge: (request) => overNetwork(() => charge(request)),
    confirmOtp: (providerRef, otp) => overNetwork(() => confirmOtp(providerRef, otp)),
    retrieve: (reference) => overNetwork(() => retrieve(reference)),
    cancel: (reference) => overNetwork(() => cancel(reference)),
    refund: (request) => overNetwork(() => refund(request)),
  };
}
