import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { verifyWebhook } from '../../examples/webhook-verifier';

/** One request the receiver got, with the verifier's verdict on it. */
export interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  verdict: ReturnType<typeof verifyWebhook>;
}

/** What the receiver does with a request: answer a status, or hold it (never answer, as a hung receiver would). */
export type Behaviour = (request: Received, index: number) => number | 'hang';

/**
 * A webhook receiver on a loopback port that checks every delivery with the store's example verifier and keeps the
 * event ids it handled (like an integrator's): `handled` has each event id once however often it came.
 */
export async function webhookTestReceiver(behaviour: Behaviour = () => 200) {
  const received: Received[] = [];
  const handled: string[] = [];
  const seen = new Set<string>();
  const held = new Set<import('node:http').ServerResponse>();
  let secret = '';
  let behave = behaviour;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = verifyWebhook({ body, headers: req.headers, secret, seen, now: Date.now() / 1000 });
      const got: Received = { at: Date.now(), headers: req.headers, body, verdict };
      received.push(got);
      const status = behave(got, received.length - 1);
      if (status === 'hang') {
        held.add(res);
        return;
      }
      if (status >= 200 && status < 300 && verdict.ok) {
        seen.add(verdict.id);
        handled.push(verdict.id);
      }
      res.writeHead(verdict.ok || verdict.reason === 'replayed' ? status : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    handled,
    /** The endpoint's secret, once the store has shown it. */
    setSecret: (s: string) => void (secret = s),
    behave: (b: Behaviour) => void (behave = b),
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WebhookTestReceiver = Awaited<ReturnType<typeof webhookTestReceiver>>;
