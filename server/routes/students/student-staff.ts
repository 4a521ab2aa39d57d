import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { translate } from '../../i18n';
import type { StudentsRepository } from '../../repositories/students';
import { studentNotice } from '../../mail/student-mails';
import { documentView, verificationView } from '../../students/views';
import { STUDENT_REJECT_REASON_LENGTH, STUDENT_VALIDITY_MONTHS } from '../../students/rules';
import {
  staffStudentAnswer,
  staffStudentQuery,
  staffStudentReviewBody,
  staffStudentsAnswer,
  staffStudentsQuery,
} from '../../schemas/students';

/**
 * Staff's Students tab (the support console): the verifications of this storefront's country, a document in review
 * with its files, and the decision: approve (valid 1–12 months, 12 by default) or reject with a reason the shopper
 * reads in a message and a mail.
 */
export async function studentStaffRoutes(
  fastify: FastifyInstance,
  opts: { students: StudentsRepository },
): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { students } = opts;
  const staffView = (v: Parameters<typeof verificationView>[0]) => ({
    ...verificationView(v),
    account_email: v.account_email,
  });

  app.get(
    '/staff/students',
    {
      schema: {
        tags: ['student', 'staff'],
        summary: 'Staff: student verifications of this country, oldest first (documents in review by default)',
        querystring: staffStudentsQuery,
        response: { 200: envelopeSchema(staffStudentsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await students.staffList(request.storefront.local, request.query.status ?? 'in_review');
      return ok({ verifications: rows.map(staffView) });
    },
  );

  app.get(
    '/staff/students/detail',
    {
      schema: {
        tags: ['student', 'staff'],
        summary: 'Staff: one verification with its school, account and documents',
        querystring: staffStudentQuery,
        response: { 200: envelopeSchema(staffStudentAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const found = await students.staffDetail(request.storefront.local, request.query.id);
      if (!found)
        throw new ApiError(Errno.STUDENT_NOT_FOUND, translate(request.storefront, 'student.error.notFound'), 404);
      return ok({ verification: staffView(found.verification), documents: found.documents.map(documentView) });
    },
  );

  app.post(
    '/staff/students/review',
    {
      schema: {
        tags: ['student', 'staff'],
        summary:
          'Staff: approve a document in review (months of validity, 12 by default) or reject it with a reason; the ' +
          'shopper is told by message and mail',
        body: staffStudentReviewBody,
        response: { 200: envelopeSchema(staffStudentAnswer) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const b = request.body;
      const reason = (b.reason ?? '').trim();
      if (
        b.decision === 'reject' &&
        (reason.length < STUDENT_REJECT_REASON_LENGTH.min || reason.length > STUDENT_REJECT_REASON_LENGTH.max)
      )
        throw new ApiError(Errno.STUDENT_INVALID, translate(storefront, 'student.error.reason'), 200, {
          fields: { reason: reason ? 'length' : 'required' },
        });
      const origin = app.mail.links(storefront).origin;
      const result = await students.review(
        storefront.local,
        b.id,
        staff.id,
        b.decision === 'approve'
          ? { decision: 'approve', months: b.months ?? STUDENT_VALIDITY_MONTHS }
          : { decision: 'reject', reason },
        (row) => studentNotice(origin, b.decision === 'approve' ? 'approved' : 'rejected', row, storefront),
      );
      if (!result.ok) {
        if (result.reason === 'not_found')
          throw new ApiError(Errno.STUDENT_NOT_FOUND, translate(storefront, 'student.error.notFound'), 404);
        throw new ApiError(Errno.STUDENT_STATE, translate(storefront, 'student.error.state'));
      }
      app.mail.wake();
      const found = (await students.staffDetail(storefront.local, b.id))!;
      return ok({ verification: staffView(found.verification), documents: found.documents.map(documentView) });
    },
  );
}
