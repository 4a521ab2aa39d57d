import { t } from '../lib/strings';
import { storePath } from '../lib/store-path';

/** The sentence's two links, marked in the catalogue text as <terms>…</terms> and <privacy>…</privacy>. */
const MARKED = /<(terms|privacy)>([^<]*)<\/\1>/g;

/**
 * "I agree to the terms of sale and have read the privacy policy." as one translated sentence, its marked words
 * linking the documents (they open beside the checkout, which keeps its state).
 */
export function LegalAgreementText({
  s,
  privacyHref,
}: {
  s: Record<string, string> | undefined;
  privacyHref: string | undefined;
}) {
  const sentence = t(s, 'page.legal.checkoutAgree');
  const hrefs = {
    terms: storePath('support/terms/terms-of-sale/'),
    privacy: privacyHref ?? storePath('support/policy/privacy-policy/'),
  };
  const parts = [];
  let at = 0;
  for (const m of sentence.matchAll(MARKED)) {
    if (m.index > at) parts.push(sentence.slice(at, m.index));
    const which = m[1] as keyof typeof hrefs;
    parts.push(
      <a key={which} href={hrefs[which]} target="_blank" rel="noopener" data-testid={`checkout-${which}-link`}>
        {m[2]}
      </a>,
    );
    at = m.index + m[0].length;
  }
  if (at < sentence.length) parts.push(sentence.slice(at));
  return <>{parts}</>;
}
