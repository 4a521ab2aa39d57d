import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { esc } from '../views/html';

/** What a mail says: paragraphs, the buttons (links) to act on, and an optional unsubscribe link. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  actions: { label: string; url: string }[];
  unsubscribeUrl?: string;
  /** Add "if you did not ask for this, ignore it" (mails anyone can trigger with an address). */
  ignorable?: boolean;
}

/**
 * Renders a mail in the storefront's language as plain text and simple HTML (escaped, inline styles only, links
 * also written out for clients that hide buttons).
 */
export function composeMail(
  storefront: Storefront,
  content: MailContent,
): { subject: string; text: string; html: string } {
  const t = translator(storefront);
  const closing = [...(content.ignorable ? [t('mail.ignore')] : []), t('mail.signature')];
  const text = [
    t('mail.greeting'),
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...content.actions.flatMap((a) => [`${a.label}: ${a.url}`, '']),
    ...closing,
    ...(content.unsubscribeUrl ? ['', `${t('mail.unsubscribe')}: ${content.unsubscribeUrl}`] : []),
  ].join('\n');
  const button = (a: { label: string; url: string }) =>
    `<p><a href="${esc(a.url)}" style="display:inline-block;padding:12px ` +
    `20px;background:#ff6900;color:#000;text-decoration:none;border-radius:4px;font-weight:` +
    `600">${esc(a.label)}</a></p>
<p style="font-size:13px;color:#555">${esc(t('mail.linkHint'))}<br><a href="${esc(a.url)}">${esc(a.url)}</a></p>`;
  const html =
    `<!doctype html>
<html lang="${esc(storefront.lang)}" dir="${storefront.dir}"><head><meta charset="utf-8">` +
    `<title>${esc(content.subject)}</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;color:#191919;max-width:36rem;margin:0 auto;padding:1rem">
<p>${esc(t('mail.greeting'))}</p>
${content.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${content.actions.map(button).join('\n')}
${closing.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${
  content.unsubscribeUrl
    ? `<p style="font-size:13px"><a href="${esc(content.unsubscribeUrl)}">${esc(t('mail.unsubscribe'))}</a></p>`
    : ''
}
</body></html>`;
  return { subject: content.subject, text, html };
}
