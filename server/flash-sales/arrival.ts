import type { FastifyInstance, FastifyReply } from 'fastify';

/** The header that carries when a `seckill/enter` reached the server: microseconds since the epoch (wall clock). */
export const ARRIVAL_HEADER = 'x-flash-arrival';

/**
 * Stamps every `seckill/enter` answer (any errno, any state) with its arrival time, taken before any hook waits (the
 * rate limit, the session, the body): a benchmark judges fairness by it across processes on one machine. Registered
 * before the other hooks of every request (server/app.ts); costs one clock read on that route, none elsewhere.
 */
export function installFlashArrival(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url?.endsWith('/seckill/enter'))
      reply.header(ARRIVAL_HEADER, String(Math.round((performance.timeOrigin + performance.now()) * 1000)));
    done();
  });
}

/** When the request reached the server (µs since the epoch), as stamped by the hook; now when not stamped. */
export function arrivalOf(reply: FastifyReply): number {
  const stamped = Number(reply.getHeader(ARRIVAL_HEADER));
  return Number.isFinite(stamped) && stamped > 0
    ? stamped
    : Math.round((performance.timeOrigin + performance.now()) * 1000);
}
