import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../errors';
import { COOKIE } from '../auth/cookies';
import { clientKey } from './client-address';
import type { IdempotencyRepository } from '../repositories/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header: a retry with the same key gets the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
/** How long a retry waits for the first request with its key to finish before answering "in progress". */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/** Whose keys these are: the user, else the visitor's cart, else the client's address. */
function scopeOf(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const cart = request.cookies[COOKIE.cart];
  return cart ? `cart:${cart}` : `client:${clientKey(request.ip)}`;
}

/** What makes two requests "the same": method, route, storefront and body. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? ''} ${request.url.split('?')[0] ?? ''}\n` +
        `${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

/**
 * Idempotency keys for state-changing calls (Stripe's model): the first request with a key runs and its answer is
 * stored; a retry with the same key and body gets that answer again (header Idempotent-Replayed), the same key
 * with another body is refused, and a retry that arrives while the first still runs waits for it.
 * Keys live in the database, so a retry may reach any process.
 */
export function installIdempotency(app: FastifyInstance, repo: IdempotencyRepository): void {
  async function claim(request: FastifyRequest, reply: FastifyReply, header: string | string[]): Promise<void> {
    const key = Array.isArray(header) ? (header[0] ?? '') : header;
    if (!KEY_PATTERN.test(key))
      throw new ApiError(
        Errno.INVALID_PARAM,
        'invalid parameter: Idempotency-Key must be 8-200 letters, digits or _ . : -',
        400,
      );
    const scope = scopeOf(request);
    const route = request.routeOptions.url ?? request.url;
    const hash = requestHash(request);
    for (let waited = 0; ; waited += POLL_MS) {
      const claim = await repo.claim(scope, key, route, hash);
      switch (claim.state) {
        case 'new':
          request.idempotency = { scope, key };
          return;
        case 'mismatch':
          throw new ApiError(Errno.IDEMPOTENCY_KEY_REUSED, 'this Idempotency-Key was used for another request', 409);
        case 'replay':
          return reply
            .status(claim.status)
            .header('Idempotent-Replayed', 'true')
            .type('application/json; charset=utf-8')
            .serializer((x: unknown) => String(x))
            .send(claim.body);
        case 'in_progress':
          if (waited >= WAIT_MS) {
            reply.header('Retry-After', '1');
            throw new ApiError(
              Errno.IDEMPOTENCY_IN_PROGRESS,
              'a request with this Idempotency-Key is still running; retry shortly',
              409,
            );
          }
          await sleep(POLL_MS);
      }
    }
  }

  // Calls without a key (almost all) pass through both hooks without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.routeOptions.config.idempotent ? request.headers['idempotency-key'] : undefined;
    if (header === undefined) return done();
    claim(request, reply, header).then(() => done(), done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.idempotency;
    if (!claimed) return done();
    request.idempotency = undefined;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    // Our own failures are not an answer to keep: the retry must run again.
    const stored =
      reply.statusCode >= 500 || !json || typeof payload !== 'string'
        ? repo.release(claimed.scope, claimed.key)
        : repo.complete(claimed.scope, claimed.key, reply.statusCode, payload);
    stored.then(() => done(), done);
  });
}
