import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/types';
import type { BrowserWallet, SANDBOX_TOKEN_OUTCOMES } from '../schemas/wallet-payments';
import type { WalletCharge, WalletTokenCheck, WalletTokenProvider } from './wallet-tokens';

type Outcome = (typeof SANDBOX_TOKEN_OUTCOMES)[number];

/** How long a test token may be used after its sheet gave it (a wallet's cryptogram is short-lived too). */
export const WALLET_TOKEN_TTL_MS = 10 * 60_000;

/** The test cards a token stands for: one the sandbox gateway approves, one it declines (never one asking an OTP). */
const SANDBOX_DEVICE_CARDS: Readonly<Record<Exclude<Outcome, 'refuse'>, string>> = {
  approve: '4242424242424242',
  decline: '4000000000000002',
};

/** What a sandbox token carries, signed: its id (used once), the wallet, the amount and currency, its fate. */
interface TokenBody {
  id: string;
  w: BrowserWallet;
  a: number;
  c: string;
  o: Outcome;
  exp: number;
}

const TOKEN = /^swt_([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/;

export interface WalletSandbox extends WalletTokenProvider {
  /** What the sandbox wallet's sheet answers: a signed test token for this wallet, amount and currency. */
  issue(input: WalletCharge & { outcome: Outcome }, now?: Date): Promise<string>;
}

/**
 * The browser wallets' processor that runs inside the store for development, tests and demos: it signs its test
 * tokens with a key kept in the database (so every API process verifies what another issued), and remembers the
 * tokens used, so a token replayed, or sent twenty times at once, is accepted once.
 */
export function walletSandbox(db: Database): WalletSandbox {
  let key: Buffer | null = null;
  async function secret(): Promise<Buffer> {
    if (key) return key;
    await db.query(`INSERT INTO sandbox_wallet_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
      randomBytes(32).toString('base64url'),
    ]);
    key = Buffer.from(
      (await db.query<{ secret: string }>(`SELECT secret FROM sandbox_wallet_keys WHERE id = 1`))[0]!.secret,
    );
    return key;
  }
  const sign = async (body: string) =>
    createHmac('sha256', await secret())
      .update(body)
      .digest('base64url');

  function parse(token: string): { body: TokenBody; encoded: string; mac: string } | null {
    const m = TOKEN.exec(token);
    if (!m) return null;
    try {
      const body = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as TokenBody;
      if (typeof body.id !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(body.id)) return null;
      return { body, encoded: m[1]!, mac: m[2]! };
    } catch {
      return null;
    }
  }

  return {
    id: 'wallet-sandbox',

    async issue(input, now = new Date()) {
      const body: TokenBody = {
        id: randomBytes(18).toString('base64url'),
        w: input.wallet,
        a: input.amountMinor,
        c: input.currency,
        o: input.outcome,
        exp: now.getTime() + WALLET_TOKEN_TTL_MS,
      };
      const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `swt_${encoded}.${await sign(encoded)}`;
    },

    async verify(token: string, expected: WalletCharge): Promise<WalletTokenCheck> {
      const parsed = parse(token);
      if (!parsed) return { ok: false, reason: 'malformed' };
      const mac = Buffer.from(await sign(parsed.encoded));
      if (!timingSafeEqual(mac, Buffer.from(parsed.mac))) return { ok: false, reason: 'bad_signature' };
      const { body } = parsed;
      if (!(body.exp > Date.now())) return { ok: false, reason: 'expired' };
      if (body.w !== expected.wallet) return { ok: false, reason: 'wallet' };
      if (body.a !== expected.amountMinor) return { ok: false, reason: 'amount' };
      if (body.c !== expected.currency) return { ok: false, reason: 'currency' };
      if (body.o === 'refuse') return { ok: false, reason: 'refused' };
      // One statement decides which of many parallel submissions of this token uses it.
      const used = await db.query(
        `INSERT INTO sandbox_wallet_tokens_used (token_id) VALUES ($1) ON CONFLICT (token_id) DO NOTHING
         RETURNING token_id`,
        [body.id],
      );
      if (used.length === 0) return { ok: false, reason: 'used' };
      const year = new Date().getUTCFullYear() + 3;
      return {
        ok: true,
        card: { number: SANDBOX_DEVICE_CARDS[body.o], expiry: { month: 12, year }, cvv: '', holder: '' },
      };
    },
  };
}
