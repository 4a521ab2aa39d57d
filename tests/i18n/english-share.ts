/**
 * `npm run i18n:pages -- kr,jp,th`: the share of English words a reader sees on the home, a product and the support
 * page of each given storefront (default: every built one), as built in the served release. Brand and model names,
 * abbreviations and the words a language shares with English are not counted (content/i18n/english-words.ts).
 * Prints one line per page and the English words found, most frequent first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { englishIn, vocabulary } from '../../content/i18n/english-words';
import { servedDir } from '../../plugins/storefront-pages/build-plan/release-links';
import { readPageText } from '../../plugins/storefront-pages/seo-audit/page-text';
import { selectedStorefronts } from '../../plugins/storefront-pages/selected-storefronts';
import { storefronts } from '../../region-config';

const publicDir = path.resolve(process.env.PUBLIC_DIR ?? servedDir());
const argument = process.argv[2];
const codes = argument
  ? selectedStorefronts(argument).map((s) => s.urlLocal)
  : storefronts.map((s) => s.urlLocal).filter((code) => fs.existsSync(path.join(publicDir, code, 'index.html')));

/** The product page measured: the same phone everywhere it is sold, else the storefront's first product. */
function productPage(code: string): string | undefined {
  const dir = path.join(publicDir, code, 'product');
  if (!fs.existsSync(dir)) return undefined;
  const preferred = ['xiaomi-15t-pro', 'xiaomi-15', 'redmi-note-14-pro'].find((slug) =>
    fs.existsSync(path.join(dir, slug, 'index.html')),
  );
  const slug =
    preferred ??
    fs
      .readdirSync(dir)
      .sort()
      .find((slug) => fs.existsSync(path.join(dir, slug, 'index.html')));
  return slug === undefined ? undefined : `product/${slug}/`;
}

let totalWords = 0;
let totalEnglish = 0;
console.log('storefront  page                          words  English  share');
for (const code of codes) {
  const storefront = storefronts.find((s) => s.urlLocal === code)!;
  const vocab = vocabulary(storefront.lang);
  const found = new Map<string, number>();
  for (const page of ['', productPage(code), 'support/']) {
    if (page === undefined) continue;
    const file = path.join(publicDir, code, page, 'index.html');
    if (!fs.existsSync(file))
      throw new Error(
        `${path.relative(process.cwd(), file)} is missing: build it first (REGIONS=${code} npm run build)`,
      );
    const text = readPageText(fs.readFileSync(file, 'utf8'));
    const count = englishIn([text.title, text.description, ...text.texts].join('\n'), vocab);
    totalWords += count.words;
    totalEnglish += count.english.length;
    for (const word of count.english) found.set(word, (found.get(word) ?? 0) + 1);
    console.log(
      `${code.padEnd(11)} /${page.padEnd(29)}${String(count.words).padStart(5)}  ` +
        `${String(count.english.length).padStart(7)}` +
        `  ${((100 * count.english.length) / Math.max(1, count.words)).toFixed(1).padStart(5)} %`,
    );
  }
  const words = [...found]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([word, n]) => (n > 1 ? `${word} ×${n}` : word));
  if (words.length > 0) console.log(`            English: ${words.join(', ')}`);
}
console.log(
  `all         ${codes.length} storefronts              ${String(totalWords).padStart(5)}  ` +
    `${String(totalEnglish).padStart(7)}` +
    `  ${((100 * totalEnglish) / Math.max(1, totalWords)).toFixed(1).padStart(5)} %`,
);
