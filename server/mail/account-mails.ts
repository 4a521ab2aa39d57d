import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { SIGN_IN_LINK_MINUTES, TOKEN_HOURS } from '../repositories/account-tokens';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';

/** Mails anyone can trigger by typing an address: at most this many of one purpose per address and hour. */
export const UNSOLICITED_MAIL_CAP = 5;

/** A purpose's allowance: the kinds of mail that share it, and how many of them an address gets an hour. */
interface MailCap {
  kinds: readonly string[];
  perHour: number;
}

/**
 * Account mails by purpose, each with its own allowance per recipient and hour: a stranger can use up only the
 * purpose they trigger (twenty reset requests stop the reset mails, not the owner's sign-in alert). The sign-in link
 * of an attacked account is capped where it is made (SIGN_IN_LINKS_UNUSED_MAX), since only a right password sends it.
 */
export const MAIL_CAPS = {
  signUp: { kinds: ['register-verify', 'register-exists'], perHour: UNSOLICITED_MAIL_CAP },
  reset: { kinds: ['password-reset'], perHour: UNSOLICITED_MAIL_CAP },
  newsletter: { kinds: ['subscribe-confirm', 'subscribe-already'], perHour: UNSOLICITED_MAIL_CAP },
  securityAlert: { kinds: ['sign-in-alert', 'password-changed'], perHour: UNSOLICITED_MAIL_CAP },
} as const satisfies Record<string, MailCap>;

/**
 * Absolute links of the store's public origin (never the request's Host header: mails must not carry a forged host).
 */
export interface MailLinks {
  origin: string;
  storefront: Storefront;
}

/** An absolute link to an API page of the storefront with query parameters. */
export function apiLink(links: MailLinks, path: string, params: Record<string, string>): string {
  return `${links.origin}/api/${links.storefront.urlLocal}${path}?${new URLSearchParams(params).toString()}`;
}

function mail(
  links: MailLinks,
  kind: string,
  recipient: string,
  cap: MailCap | null,
  content: Parameters<typeof composeMail>[1],
): OutgoingMail {
  const capped = cap ? { perRecipientHourlyCap: cap.perHour, capKinds: cap.kinds } : {};
  return { recipient, kind, urlLocal: links.storefront.urlLocal, ...capped, ...composeMail(links.storefront, content) };
}

/** The link that finishes a sign-up. */
export function registerVerifyMail(links: MailLinks, email: string, token: string): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'register-verify', email, MAIL_CAPS.signUp, {
    subject: t('mail.registerVerify.subject'),
    paragraphs: [t('mail.registerVerify.body', { count: TOKEN_HOURS.register })],
    actions: [{ label: t('mail.registerVerify.button'), url: apiLink(links, '/site/verify', { token }) }],
    ignorable: true,
  });
}

/** A sign-up for an address that has an account: the owner learns it by mail, the page says nothing. */
export function registerExistsMail(links: MailLinks, email: string): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'register-exists', email, MAIL_CAPS.signUp, {
    subject: t('mail.registerExists.subject'),
    paragraphs: [t('mail.registerExists.body')],
    actions: [
      { label: t('mail.registerExists.signIn'), url: apiLink(links, '/site/login', {}) },
      { label: t('mail.registerExists.reset'), url: apiLink(links, '/site/forgot', {}) },
    ],
    ignorable: true,
  });
}

/** The link to choose a new password. */
export function resetMail(links: MailLinks, email: string, token: string): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'password-reset', email, MAIL_CAPS.reset, {
    subject: t('mail.reset.subject'),
    paragraphs: [t('mail.reset.body', { count: TOKEN_HOURS.reset })],
    actions: [{ label: t('mail.reset.button'), url: apiLink(links, '/site/reset', { token }) }],
    ignorable: true,
  });
}

/** Sent after a password change, so an owner whose mailbox was taken over learns of it. */
export function passwordChangedMail(links: MailLinks, email: string): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'password-changed', email, MAIL_CAPS.securityAlert, {
    subject: t('mail.passwordChanged.subject'),
    paragraphs: [t('mail.passwordChanged.body')],
    actions: [{ label: t('mail.reset.button'), url: apiLink(links, '/site/forgot', {}) }],
  });
}

/** Failed sign-ins on the account from browsers it does not know. */
export function signInAlertMail(links: MailLinks, email: string, count: number): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'sign-in-alert', email, MAIL_CAPS.securityAlert, {
    subject: t('mail.signInAlert.subject'),
    paragraphs: [t('mail.signInAlert.body', { count })],
    actions: [{ label: t('mail.signInAlert.button'), url: apiLink(links, '/site/forgot', {}) }],
  });
}

/**
 * The second factor of an attacked account: a right password came from a browser the account does not know, and
 * this link signs that browser in (only that one). It is also the owner's alarm when it was not them.
 */
export function signInLinkMail(links: MailLinks, email: string, token: string): OutgoingMail {
  const t = translator(links.storefront);
  return {
    ...mail(links, 'sign-in-link', email, null, {
      subject: t('mail.signInLink.subject'),
      paragraphs: [t('mail.signInLink.body', { count: SIGN_IN_LINK_MINUTES }), t('mail.signInLink.notYou')],
      actions: [
        { label: t('mail.signInLink.button'), url: apiLink(links, '/site/login/confirm', { token }) },
        { label: t('mail.reset.button'), url: apiLink(links, '/site/forgot', {}) },
      ],
    }),
    topic: 'security',
  };
}

/** Newsletter double opt-in. */
export function subscribeConfirmMail(
  links: MailLinks,
  email: string,
  token: string,
  unsubscribeToken: string,
): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'subscribe-confirm', email, MAIL_CAPS.newsletter, {
    subject: t('mail.subscribeConfirm.subject'),
    paragraphs: [t('mail.subscribeConfirm.body')],
    actions: [{ label: t('mail.subscribeConfirm.button'), url: apiLink(links, '/misc/subscribe/confirm', { token }) }],
    unsubscribeUrl: apiLink(links, '/misc/unsubscribe', { token: unsubscribeToken }),
    ignorable: true,
  });
}

/** A subscribe request for an address already on the list. */
export function subscribeAlreadyMail(links: MailLinks, email: string, unsubscribeToken: string): OutgoingMail {
  const t = translator(links.storefront);
  return mail(links, 'subscribe-already', email, MAIL_CAPS.newsletter, {
    subject: t('mail.subscribeAlready.subject'),
    paragraphs: [t('mail.subscribeAlready.body')],
    actions: [],
    unsubscribeUrl: apiLink(links, '/misc/unsubscribe', { token: unsubscribeToken }),
    ignorable: true,
  });
}
