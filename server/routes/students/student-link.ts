import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { noticePage } from '../../views/account-pages';
import { studentLinkPage } from '../../views/student-link-page';
import type { StudentsRepository } from '../../repositories/students';
import { studentDate, studentNotice } from '../../mail/student-mails';
import { tokenQuery } from '../../schemas/account';
import { confirmTokenBody } from '../../schemas/profile';
import { studentConfirmAnswer } from '../../schemas/students';
import { sendPage, TOKEN_PATTERN, wantsJson } from '../account/respond';
import { findStorefront } from '../../storefront';

/**
 * The link mailed to a school address: its page (GET) names the address and has the button that verifies (POST), so a
 * mail scanner opening the link verifies nothing. Whoever holds the school mailbox confirms, signed in or not.
 */
export async function studentLinkRoutes(
  fastify: FastifyInstance,
  opts: { students: StudentsRepository },
): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { students } = opts;

  app.get(
    '/student/confirm',
    {
      schema: {
        tags: ['student'],
        summary: 'The page of a school-address link: a button verifies the student status',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const token = request.query.token ?? '';
      const pending = TOKEN_PATTERN.test(token) ? await students.peekLink(token) : null;
      if (!pending)
        return sendPage(
          reply,
          410,
          noticePage({
            storefront,
            titleKey: 'student.confirm.title',
            message: translate(storefront, 'student.error.linkInvalid'),
            ok: false,
            backHref: `/${storefront.urlLocal}/user/student/`,
          }),
        );
      return sendPage(reply, 200, studentLinkPage({ storefront, token, email: pending.email }));
    },
  );

  app.post(
    '/student/confirm',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['student'],
        summary:
          'Verify the student status with the token of a school-address link (once, before it expires; errno 48002 ' +
          'when the address verified another account first)',
        body: confirmTokenBody,
        response: { 200: envelopeSchema(studentConfirmAnswer) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const token = request.body.token ?? '';
      const origin = app.mail.links(storefront).origin;
      const result = TOKEN_PATTERN.test(token)
        ? await students.confirmLink(token, (row) => studentNotice(origin, 'verified', row, storefront))
        : ({ status: 'invalid' } as const);
      // The page speaks the language of the storefront the shopper verified in.
      const shown =
        result.status === 'invalid'
          ? storefront
          : (findStorefront(result.status === 'verified' ? result.row.url_local : result.urlLocal) ?? storefront);
      const message =
        result.status === 'verified'
          ? translate(shown, 'student.confirm.done', { date: studentDate(shown, result.row.valid_until) })
          : translate(shown, result.status === 'taken' ? 'student.error.addressTaken' : 'student.error.linkInvalid');
      if (wantsJson(request)) {
        if (result.status === 'invalid') throw new ApiError(Errno.STUDENT_LINK_INVALID, message);
        if (result.status === 'taken') throw new ApiError(Errno.STUDENT_ADDRESS_TAKEN, message);
        return ok({ status: 'verified' as const, valid_until: new Date(result.row.valid_until!).getTime() });
      }
      return sendPage(
        reply,
        result.status === 'verified' ? 200 : 410,
        noticePage({
          storefront: shown,
          titleKey: 'student.confirm.title',
          message,
          ok: result.status === 'verified',
          backHref: `/${shown.urlLocal}/user/student/`,
        }),
      );
    },
  );
}
