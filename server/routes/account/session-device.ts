import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountSessionsRepository } from '../../repositories/account-sessions';
import { approximateNetwork, summariseUserAgent } from '../../profile/device';

/**
 * Describes a new session for the device list: the browser's summary and the approximate network it signed in
 * from (never the full User-Agent or address).
 */
export async function describeSession(app: FastifyInstance, request: FastifyRequest, token: string): Promise<void> {
  await accountSessionsRepository(app.db).describe(
    token,
    summariseUserAgent(request.headers['user-agent']),
    approximateNetwork(request.ip),
  );
}
