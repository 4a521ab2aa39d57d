/**
 * What a mail is about, for the recipient's notification preferences. 'security' mails (sign-up, password, sign-in
 * alerts) and answers to what the address itself just asked for (newsletter confirmation) always go out;
 * 'marketing' goes only to a confirmed newsletter subscription; the other topics follow /user/notification-preferences.
 */
export type MailTopic = 'order' | 'service' | 'ticket' | 'review' | 'alert' | 'marketing' | 'security';

/** Kinds queued today, by topic; a kind of a later feature may also set `topic` on its mail, or use a prefix below. */
const KINDS: Record<string, MailTopic> = {
  'register-verify': 'security',
  'register-exists': 'security',
  'password-reset': 'security',
  'password-changed': 'security',
  'sign-in-alert': 'security',
  'subscribe-confirm': 'security',
  'subscribe-already': 'security',
  'order-confirmation': 'order',
  'payment-receipt': 'order',
  newsletter: 'marketing',
};

const PREFIXES: [string, MailTopic][] = [
  ['order-', 'order'],
  ['payment-', 'order'],
  ['presale-', 'order'],
  ['refund-', 'order'],
  ['service-', 'service'],
  ['aftersales-', 'service'],
  ['repair-', 'service'],
  ['appointment-', 'service'],
  ['ticket-', 'ticket'],
  ['complaint-', 'ticket'],
  ['grievance-', 'ticket'],
  ['review-', 'review'],
  ['alert-', 'alert'],
  ['newsletter-', 'marketing'],
  ['marketing-', 'marketing'],
];

/**
 * The topic of a mail kind; an unknown kind counts as 'security' (sent whatever the preferences), never silently
 * dropped.
 */
export function mailTopic(kind: string): MailTopic {
  return KINDS[kind] ?? PREFIXES.find(([prefix]) => kind.startsWith(prefix))?.[1] ?? 'security';
}
