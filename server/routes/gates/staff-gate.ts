import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../../context';
import { installRoleGate } from './role-gate';

/** The OpenAPI tag of the routes for support staff: the gate below guards every route that carries it. */
export const STAFF_TAG = 'staff';

/** Support staff's routes refuse visitors (20001) and shoppers (403) before reading what was sent (role-gate.ts). */
export function installStaffGate(app: FastifyInstance): void {
  installRoleGate(app, STAFF_TAG, requireStaff);
}
