import type { FastifyInstance } from 'fastify';
import { requireReleaseManager } from '../../context';
import { installRoleGate } from './role-gate';

/** The OpenAPI tag of the release console's routes: the gate below guards every route that carries it. */
export const RELEASES_TAG = 'releases';

/**
 * The release console refuses visitors (20001), shoppers and support agents ("release managers only", 403) before
 * reading what was sent (role-gate.ts).
 */
export function installReleaseGate(app: FastifyInstance): void {
  installRoleGate(app, RELEASES_TAG, requireReleaseManager);
}
