import type { Env } from '../config';

/**
 * Why the store must not start on the sandbox payment providers, or null. They take no real money and approve any
 * test card, so a production store (NODE_ENV=production) refuses them unless SANDBOX_PAYMENTS=allow says that this
 * is a staging or demo store on purpose.
 */
export function sandboxPaymentsProblem(env: Pick<Env, 'NODE_ENV' | 'SANDBOX_PAYMENTS'>): string | null {
  if (env.NODE_ENV !== 'production' || env.SANDBOX_PAYMENTS === 'allow') return null;
  return (
    'NODE_ENV=production, but the only payment providers configured are the built-in sandboxes, which take ' +
    'no real money: configure a real provider, or set SANDBOX_PAYMENTS=allow for a staging or demo store'
  );
}
