import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope } from '../../envelope';
import type { ChargeOutcome } from '../../payments/provider';
import { instalmentPaymentRoutes } from './instalment-payments';
import { payLaterRoutes } from './pay-later';
import { bnplSandboxPageRoutes } from './bnpl-sandbox-page';

/** The answer of a payment call, shared with /payment/card (server/routes/payments/card-payments.ts). */
export type Answer = (
  request: FastifyRequest,
  paymentId: string,
  outcome: ChargeOutcome,
) => Promise<Envelope<{ state: 'succeeded' | 'otp_required'; order_id: string; payment_id: string; card_saved?: boolean }>>;

/**
 * Plan payments besides a plain card: instalments (card EMI and the BFL EMI card) and buy now, pay later, with the
 * sandbox pay-later provider's approval page when the sandbox is the configured provider.
 */
export async function paymentPlanRoutes(app: FastifyInstance, opts: { answer: Answer }): Promise<void> {
  await app.register(instalmentPaymentRoutes, { answer: opts.answer });
  await app.register(payLaterRoutes);
  // A real pay-later provider hosts its own approval page: the sandbox's exists only while the sandbox runs.
  if (app.bnplSandbox) await app.register(bnplSandboxPageRoutes, { sandbox: app.bnplSandbox });
}
