/**
 * What a reader of a built page reads in the page's own language: the title, the meta description and the visible
 * text (with the alt texts, labels and placeholders a screen reader or a form shows). Left out, because they are
 * not the page's language by intent: scripts and styles, names marked translate="no", what shoppers wrote
 * themselves (data-user-content) and any fragment that declares another language with its own lang attribute.
 * The pages are our own React output, so a small tag reader is enough (as in read-head.ts).
 */
import { attributes, decodeEntities } from './read-head';

export interface PageText {
  /** <html lang>. */
  lang: string;
  title: string;
  description: string;
  /** The visible texts in document order, one entry per text node or read attribute. */
  texts: string[];
}

/** Elements whose content no one reads as page text. */
const UNREAD = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
/** Elements without an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Attributes whose text a shopper reads or hears. */
const READ_ATTRIBUTES = ['alt', 'aria-label', 'placeholder', 'title'];

const sameLanguage = (lang: string, pageLang: string) =>
  lang.toLowerCase().split('-')[0] === pageLang.toLowerCase().split('-')[0];

/** The texts of a built page a reader of its language reads. */
export function readPageText(html: string): PageText {
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  const lang = attributes(htmlTag).lang ?? '';
  const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '').trim();
  const description =
    [...html.matchAll(/<meta\b[^>]*>/gi)]
      .map((m) => attributes(m[0]))
      .find((a) => a.name?.toLowerCase() === 'description')?.content ?? '';
  const texts: string[] = [];
  // The open elements, each remembering whether its content is skipped.
  const open: { name: string; skipped: boolean }[] = [];
  const skipped = () => open.length > 0 && (open[open.length - 1]?.skipped ?? false);
  const bodyStart = html.search(/<body\b/i);
  const body = bodyStart >= 0 ? html.slice(bodyStart) : html;
  for (const match of body.matchAll(/<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+)/g)) {
    const [, closing, rawName, rest, text] = match;
    if (text !== undefined) {
      if (!skipped()) {
        const value = decodeEntities(text).trim();
        if (value) texts.push(value);
      }
      continue;
    }
    if (rawName === undefined) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      const at = open.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    const attrs = attributes(rest ?? '');
    const skip =
      skipped() ||
      UNREAD.has(name) ||
      attrs.translate === 'no' ||
      'data-user-content' in attrs ||
      'hidden' in attrs ||
      (attrs.lang !== undefined && !sameLanguage(attrs.lang, lang));
    if (!skip && !(name === 'input' && attrs.type === 'hidden')) {
      for (const attribute of READ_ATTRIBUTES) if (attrs[attribute]?.trim()) texts.push(attrs[attribute].trim());
    }
    if (!VOID.has(name) && !(rest ?? '').trimEnd().endsWith('/')) open.push({ name, skipped: skip });
  }
  return { lang, title, description, texts };
}
