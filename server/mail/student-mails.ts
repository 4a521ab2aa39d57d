import { translator } from '../i18n';
import { formatDate } from '../../region-config/format-date';
import { apiLink, type MailLinks } from './account-mails';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';
import { findStorefront, type Storefront } from '../storefront';
import type { Notice, StudentVerificationRow } from '../repositories/students';
import { STUDENT_LINK_MAILS_PER_HOUR } from '../students/rules';

/** A date of the holder's storefront (valid until, renewal). */
export const studentDate = (storefront: Storefront, d: Date | null): string =>
  d ? formatDate(d, storefront.region, 'dateFormatOnlyDate', storefront.lang) : '';
/** A date and time of the holder's storefront (when a link stops working). */
export const studentTime = (storefront: Storefront, d: Date | null): string =>
  d ? formatDate(d, storefront.region, 'dateTimeFormatNoSecond', storefront.lang) : '';

/** The link to a school address: opening it confirms the address and verifies the student status. */
export function studentLinkMail(links: MailLinks, email: string, token: string, expiresAt: Date): OutgoingMail {
  const t = translator(links.storefront);
  return {
    recipient: email,
    kind: 'student-link',
    urlLocal: links.storefront.urlLocal,
    perRecipientHourlyCap: STUDENT_LINK_MAILS_PER_HOUR,
    capKinds: ['student-link'],
    topic: 'security',
    ...composeMail(links.storefront, {
      subject: t('student.mail.link.subject'),
      paragraphs: [t('student.mail.link.body', { time: studentTime(links.storefront, expiresAt) })],
      actions: [{ label: t('student.mail.link.button'), url: apiLink(links, '/student/confirm', { token }) }],
      ignorable: true,
    }),
  };
}

/** What the holder of a verification is told, in the language of the storefront they verified in. */
export type StudentNoticeKind = 'received' | 'approved' | 'rejected' | 'renewal' | 'verified';

/**
 * The inbox message of a step of a verification, and its mail to the account's address (a link confirmed in the
 * shopper's own hands needs no mail: the page says it).
 */
export function studentNotice(
  origin: string,
  kind: StudentNoticeKind,
  row: StudentVerificationRow,
  fallback: Storefront,
): Notice {
  const storefront = findStorefront(row.url_local) ?? fallback;
  const t = translator(storefront);
  const key = kind === 'verified' ? 'approved' : kind;
  const title = t(`student.message.${key}.title`);
  const body = t(`student.message.${key}.body`, {
    date: studentDate(storefront, row.valid_until),
    reason: row.reject_reason ?? '',
  });
  const mail: OutgoingMail | null =
    kind === 'verified'
      ? null
      : {
          recipient: row.account_email,
          kind: `student-${kind}`,
          urlLocal: storefront.urlLocal,
          topic: 'security',
          ...composeMail(storefront, {
            subject: title,
            paragraphs: [body],
            actions: [{ label: t('student.mail.open'), url: `${origin}/${storefront.urlLocal}/user/student/` }],
          }),
        };
  return { title, body, mail };
}
