import type { Page } from '@playwright/test';
import type { PageText } from '../../plugins/storefront-pages/seo-audit/page-text';

/**
 * What a reader of the page in the browser reads in its language, as the built-page check reads it from the HTML
 * (page-text.ts) but after the islands have drawn: every visible text node and the labels, placeholders, titles and
 * alternative texts a screen reader or the browser shows. Left out: names (translate="no"), what shoppers wrote
 * themselves (data-user-content) and fragments that declare another language.
 */
export async function visibleTexts(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const primary = (tag: string) => tag.toLowerCase().split('-')[0];
    const skipped = (el: Element) =>
      el.closest('script, style, noscript, template, [translate="no"], [data-user-content]') !== null ||
      [...ancestors(el)].some((a) => a.hasAttribute('lang') && primary(a.getAttribute('lang') ?? '') !== primary(lang));
    function* ancestors(el: Element): Generator<Element> {
      for (let at: Element | null = el; at; at = at.parentElement) yield at;
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || skipped(parent)) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden' || parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (skipped(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return { lang, title: document.title, description, texts };
  });
}
