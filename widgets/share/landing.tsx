import { t } from '../lib/strings';
import { fixedImage } from '../../sites/image-renditions';

/** Only web links are followed from the query, so the landing page cannot be used to run script URLs. */
export function safeLink(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** /static/toshare: the preview of a shared link (title, image, desc) with a link to it. */
export function ShareLanding({ strings: s }: { strings?: Record<string, string> }) {
  const q = new URLSearchParams(location.search);
  const link = safeLink(q.get('link'));
  const image = safeLink(q.get('image'));
  if (!link) return <p>{t(s, 'share.missing')}</p>;
  return (
    <article class="share-landing">
      {image ? <img {...fixedImage(image, 320)} alt="" width={320} height={320} /> : null}
      <h2>{q.get('title') ?? ''}</h2>
      {q.get('desc') ? <p>{q.get('desc')}</p> : null}
      <a class="button" href={link}>
        {t(s, 'share.open')}
      </a>
    </article>
  );
}
