import type { FastifyInstance } from 'fastify';
import { instalmentPaymentRoutes, type Answer } from './instalment-payments';
import { payLaterRoutes } from './pay-later';
import { bnplSandboxPageRoutes } from './bnpl-sandbox-page';

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
