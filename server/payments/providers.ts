import type { Env } from '../config';
import type { Database } from '../db/types';
import type { PaymentProvider } from './provider';
import type { BnplProvider } from './bnpl';
import { bnplSandbox, type BnplSandbox } from './bnpl-sandbox';
import { sandboxIssuers, type IssuerLookup } from './card-issuers';
import { sandboxGateway } from './sandbox-gateway';
import type { AsyncProvider } from './async-provider';
import { asyncSandbox, type AsyncSandbox } from './async-sandbox';
import { withBankTransfers } from './bank-transfer-sandbox';

/** Everything the store asks of payment providers: the card gateway, the pay-later provider, the card-issuer lookup. */
export interface PaymentProviders {
  card: PaymentProvider;
  bnpl: BnplProvider;
  /** The BIN lookup that tells a card's bank and kind (instalment plans take the cards of their banks). */
  issuers: IssuerLookup;
  /**
   * The sandbox pay-later provider when it is the one configured: its approval page is the store's to serve.
   * Null for a real provider, which hosts its own page, so the sandbox's pages do not exist then.
   */
  bnplSandbox: BnplSandbox | null;
  /** The async provider (e-wallets, QRIS); absent, the sandbox runs (tests that replace only the others). */
  asyncPay?: AsyncProvider;
  /** The sandbox async provider when it is the one configured: its pages and webhook sender are the store's to run. */
  asyncSandbox?: AsyncSandbox | null;
}

/**
 * The providers PAYMENT_PROVIDERS names: the one place that decides which implementation runs (tests pass their
 * own through buildApp's `providers`). `sandbox`, the default, runs inside the store on its own database tables.
 */
export function configuredProviders(
  env: Pick<Env, 'PAYMENT_PROVIDERS' | 'SANDBOX_LATENCY_MS' | 'ASYNC_PAYMENT_WEBHOOK_SECRET'>,
  db: Database,
): PaymentProviders {
  switch (env.PAYMENT_PROVIDERS ?? 'sandbox') {
    case 'sandbox': {
      const bnpl = bnplSandbox(db);
      const secret = { secret: env.ASYNC_PAYMENT_WEBHOOK_SECRET };
      // The sandbox bank's virtual accounts run beside the sandbox wallets, behind the same provider.
      const wallets = withBankTransfers(db, asyncSandbox(db, secret), secret);
      return {
        asyncPay: wallets,
        asyncSandbox: wallets,
        card: sandboxGateway(db, { latencyMs: env.SANDBOX_LATENCY_MS }),
        bnpl,
        issuers: sandboxIssuers,
        bnplSandbox: bnpl,
      };
    }
  }
}
