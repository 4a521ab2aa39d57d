import type { FastifyInstance } from 'fastify';
import { studentsRepository } from '../../repositories/students';
import { studentRoutes } from './students';
import { studentLinkRoutes } from './student-link';
import { studentStaffRoutes } from './student-staff';

/** The student programme's calls: the shopper's page, the school-address link, staff's Students tab. */
export async function studentProgrammeRoutes(app: FastifyInstance): Promise<void> {
  const students = studentsRepository(app.db);
  await app.register(studentRoutes, { students });
  await app.register(studentLinkRoutes, { students });
  await app.register(studentStaffRoutes, { students });
}
