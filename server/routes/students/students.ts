import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { isValidEmail } from '../../../region-config/validation';
import { UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import { isSchoolAddress, studentDomainsOf } from '../../../sites/student-domains';
import type { StudentsRepository, StartResult } from '../../repositories/students';
import { studentDate, studentLinkMail, studentNotice } from '../../mail/student-mails';
import { countrySemester, studentCouponTerms } from '../../students/offer';
import { semesterCampaign, semesterOffer } from '../../students/semester-offer';
import { documentView, verificationView } from '../../students/views';
import {
  renewFrom,
  SCHOOL_NAME_LENGTH,
  STUDENT_LINK_HOURS,
  STUDENT_RENEWAL_DAYS,
  STUDENT_VALIDITY_MONTHS,
} from '../../students/rules';
import type { Storefront } from '../../storefront';
import {
  studentCouponAnswer,
  studentDocumentBody,
  studentEmailBody,
  studentStatusAnswer,
  type StudentStatus,
} from '../../schemas/students';

/** The refusal of a start, in the storefront's language. */
function startRefusal(storefront: Storefront, result: Exclude<StartResult, { ok: true }>): ApiError {
  const t = (key: string, vars?: Record<string, string>) => translate(storefront, key, vars);
  switch (result.reason) {
    case 'open':
      return new ApiError(Errno.STUDENT_REQUEST_OPEN, t('student.error.requestOpen'));
    case 'verified':
      return new ApiError(
        Errno.STUDENT_ALREADY_VERIFIED,
        t('student.error.alreadyVerified', { date: studentDate(storefront, result.renewFrom) }),
        200,
        { renew_from: result.renewFrom.getTime() },
      );
    case 'taken':
      return new ApiError(Errno.STUDENT_ADDRESS_TAKEN, t('student.error.addressTaken'));
    case 'mail_cap':
      return new ApiError(Errno.STUDENT_MAIL_CAP, t('student.error.mailCap'));
    case 'documents':
      return new ApiError(Errno.STUDENT_DOCUMENTS, t('student.error.documents'), 200, {
        fields: { documentIds: 'invalid' },
      });
  }
}

/**
 * The shopper's side of the student programme (/user/student): the status and this semester's offer, verification by
 * a school address (a link mailed there) or by a document (staff review), and the claim of the semester's coupon.
 */
export async function studentRoutes(fastify: FastifyInstance, opts: { students: StudentsRepository }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { students } = opts;

  /** The status answer of the signed-in shopper, on the database's clock. */
  async function statusOf(request: FastifyRequest, userId: number) {
    const { storefront } = request;
    const found = await students.overview(userId);
    const valid = found.verified?.status === 'verified';
    const open = found.request?.status === 'awaiting_link' || found.request?.status === 'in_review';
    const status: StudentStatus = valid
      ? 'verified'
      : open
        ? found.request!.status
        : found.verified
          ? 'expired'
          : found.request?.status === 'rejected'
            ? 'rejected'
            : 'none';
    const renewal = valid ? renewFrom(new Date(found.verified!.valid_until!)) : null;
    const domains = studentDomainsOf(storefront.local);
    const verifiedHere = valid && found.verified!.local === storefront.local;
    return {
      status,
      verification: found.verified ? verificationView(found.verified) : null,
      request: found.request ? verificationView(found.request) : null,
      documents: found.documents.map(documentView),
      renew_from: renewal ? renewal.getTime() : null,
      can_start: !open && (!renewal || renewal <= found.now),
      email_available: domains.suffixes.length + domains.domains.length > 0,
      email_suffixes: [...domains.suffixes],
      validity_months: STUDENT_VALIDITY_MONTHS,
      renewal_days: STUDENT_RENEWAL_DAYS,
      link_hours: STUDENT_LINK_HOURS,
      max_files: UPLOADS_PER_REQUEST,
      offer: await semesterOffer(app.repos.coupons, storefront.local, userId, found.now, verifiedHere),
    };
  }

  app.get(
    '/student/status',
    {
      schema: {
        tags: ['student'],
        summary:
          "The shopper's student status (verified status, a newer request), the ways to verify in this country and " +
          "this semester's offer",
        response: { 200: envelopeSchema(studentStatusAnswer) },
      },
    },
    async (request) => ok(await statusOf(request, requireUser(request).id)),
  );

  app.post(
    '/student/email',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['student'],
        summary:
          "Verify by school address: a domain on the country's list gets a one-time link (errno 48001 otherwise; " +
          '48002 when the address verified another account)',
        body: studentEmailBody,
        response: { 200: envelopeSchema(studentStatusAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const email = request.body.email.trim().toLowerCase();
      if (!isValidEmail(email) || email.length < 6)
        throw new ApiError(Errno.STUDENT_INVALID, translate(storefront, 'student.error.invalidEmail'), 200, {
          fields: { email: 'format' },
        });
      if (!isSchoolAddress(storefront.local, email))
        throw new ApiError(Errno.STUDENT_DOMAIN_NOT_LISTED, translate(storefront, 'student.error.domainNotListed'));
      const links = app.mail.links(storefront);
      const result = await students.startEmail(
        { userId: user.id, local: storefront.local, urlLocal: storefront.urlLocal, email },
        (token, expiresAt) => studentLinkMail(links, email, token, expiresAt),
      );
      if (!result.ok) throw startRefusal(storefront, result);
      app.mail.wake();
      return ok(await statusOf(request, user.id));
    },
  );

  app.post(
    '/student/document',
    {
      schema: {
        tags: ['student'],
        summary:
          'Verify by document: the school name and 1–5 uploads (a student card, an enrolment letter) for staff ' +
          'review; the shopper is told the decision by message and mail',
        body: studentDocumentBody,
        response: { 200: envelopeSchema(studentStatusAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const schoolName = request.body.schoolName.trim().replace(/\s+/g, ' ');
      if (schoolName.length < SCHOOL_NAME_LENGTH.min || schoolName.length > SCHOOL_NAME_LENGTH.max)
        throw new ApiError(Errno.STUDENT_INVALID, translate(storefront, 'student.error.schoolName'), 200, {
          fields: { schoolName: schoolName ? 'length' : 'required' },
        });
      const origin = app.mail.links(storefront).origin;
      const result = await students.submitDocument(
        {
          userId: user.id,
          local: storefront.local,
          urlLocal: storefront.urlLocal,
          schoolName,
          documentIds: request.body.documentIds,
        },
        (row) => studentNotice(origin, 'received', row, storefront),
      );
      if (!result.ok) throw startRefusal(storefront, result);
      app.mail.wake();
      return ok(await statusOf(request, user.id));
    },
  );

  app.post(
    '/student/coupon/claim',
    {
      schema: {
        tags: ['student', 'coupon'],
        summary:
          "Claim this semester's student coupon (verified students of this country; one per student and semester, " +
          'whatever the concurrency): it is then in the coupon list and chosen at checkout',
        response: { 200: envelopeSchema(studentCouponAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const t = (key: string) => translate(storefront, key);
      const terms = studentCouponTerms(storefront.local);
      if (!terms) throw new ApiError(Errno.STUDENT_NO_OFFER, t('student.error.noOffer'));
      const valid = await students.validStatus(user.id);
      if (!valid || valid.local !== storefront.local)
        throw new ApiError(Errno.STUDENT_NOT_VERIFIED, t('student.error.notVerified'));
      const campaign = semesterCampaign(terms, countrySemester(storefront.local, valid.now));
      await app.repos.coupons.openGatedCampaign(campaign);
      const claimed = await app.repos.coupons.claim(
        user.id,
        storefront.local,
        { couponId: campaign.id },
        campaign.gate,
      );
      if (!claimed.ok) {
        if (claimed.reason === 'limit') throw new ApiError(Errno.STUDENT_COUPON_TAKEN, t('student.error.couponTaken'));
        // The semester turned between reading the clock and claiming: the next one's coupon is one call away.
        throw new ApiError(Errno.COUPON_EXPIRED, t('coupon.error.expired'));
      }
      const offer = await semesterOffer(app.repos.coupons, storefront.local, user.id, valid.now, true);
      return ok({ offer: offer! });
    },
  );
}
