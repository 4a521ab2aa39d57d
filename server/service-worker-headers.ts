import type { FastifyReply } from 'fastify';
import { getStorefront } from '../region-config/index';
import { SERVICE_WORKER_CSP } from '../sites/security-headers';

/** /{prefix}/service-worker.js, the one worker of each storefront. */
const SERVICE_WORKER = /^\/?([^/]+)\/service-worker\.js$/;

/**
 * Headers of a storefront's service worker (path relative to public/): never answered from the HTTP cache, so
 * a new build is found on the next navigation; allowed to control its storefront and no more; and a policy of its
 * own, because a worker runs under the CSP it was served with and the default one for scripts forbids all fetches.
 */
export function setServiceWorkerHeaders(reply: FastifyReply, relPath: string): void {
  const prefix = SERVICE_WORKER.exec(relPath)?.[1];
  if (!prefix || !getStorefront(prefix)) return;
  reply.header('Cache-Control', 'no-cache');
  reply.header('Service-Worker-Allowed', `/${prefix}/`);
  reply.header('Content-Security-Policy', SERVICE_WORKER_CSP);
}
