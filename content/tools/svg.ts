/** Draws the local SVG images (no network): product pictures by category silhouette, labels, icons. */
import type { ProductCategory } from '../schemas/products.schema';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const colourWords: [RegExp, string][] = [
  [/black|obsidian|graphite|midnight|titan black|dark/i, '#23262b'],
  [/white|snow|cloud|moonlight white/i, '#eef0f2'],
  [/silver|chrome|titanium|gray|grey/i, '#a9adb3'],
  [/green|sage|mint|olive|meadow/i, '#6f9a7a'],
  [/blue|ocean|frost|sky|arctic/i, '#4f7fc0'],
  [/purple|lavender/i, '#9b86c8'],
  [/rose|pink|coral/i, '#e29b95'],
  [/gold|mocha|sandy|yellow/i, '#d3b16a'],
  [/red/i, '#c8463d'],
  [/rainbow/i, '#7aa6d8'],
];

/** A plausible hex colour for a marketing colour name ("Midnight Black" → near black). */
export function colourHex(name: string): string {
  return colourWords.find(([re]) => re.test(name))?.[1] ?? '#8a8f96';
}

const silhouettes: Record<ProductCategory, (fill: string) => string> = {
  phones: (f) =>
    `<rect x="140" y="60" width="120" height="240" rx="18" fill="${f}" stroke="#111" stroke-width="4"/>` +
    `<rect x="152" y="76" width="44" height="44" rx="10" fill="#111" opacity=".75"/><circle cx="174" ` +
    `cy="98" r="12" fill="#445"/>`,
  refurbished: (f) =>
    `${silhouettes.phones(f)}<circle cx="250" cy="280" r="34" fill="#2e7d32"/><path d="M234 280l11 11 ` +
    `21-22" stroke="#fff" stroke-width="7" fill="none"/>`,
  tvs: (f) =>
    `<rect x="50" y="80" width="300" height="180" rx="6" fill="#111" stroke="${f}" stroke-width="8"/><rect ` +
    `x="62" y="92" width="276" height="156" fill="#2b4c7e"/><path d="M170 260h60l14 40h-88z" fill="${f}"/>`,
  wearables: (f) =>
    `<rect x="170" y="30" width="60" height="300" rx="24" fill="${f}"/><rect x="140" y="130" width="120" ` +
    `height="140" rx="34" fill="#111" stroke="${f}" stroke-width="8"/><rect x="156" y="146" width="88" ` +
    `height="108" rx="22" fill="#1f3b57"/>`,
  tablets: (f) =>
    `<rect x="70" y="90" width="260" height="190" rx="16" fill="${f}" stroke="#111" stroke-width="4"/>` +
    `<rect x="84" y="104" width="232" height="162" rx="6" fill="#1f3b57"/>`,
  scooters: (f) =>
    `<circle cx="110" cy="290" r="34" fill="none" stroke="#111" stroke-width="12"/><circle cx="300" ` +
    `cy="290" r="34" fill="none" stroke="#111" stroke-width="12"/><path d="M110 280h190M270 280L240 ` +
    `70h-40" stroke="${f}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  appliances: (f) =>
    `<circle cx="200" cy="190" r="120" fill="${f}" stroke="#111" stroke-width="4"/><circle cx="200" ` +
    `cy="190" r="40" fill="none" stroke="#111" stroke-width="4"/><rect x="185" y="90" width="30" ` +
    `height="12" rx="6" fill="#111"/>`,
  accessories: (f) =>
    `<rect x="130" y="80" width="140" height="170" rx="22" fill="${f}" stroke="#111" stroke-width="4"/>` +
    `<rect x="185" y="250" width="30" height="60" fill="#555"/><rect x="170" y="120" width="60" ` +
    `height="10" rx="5" fill="#111"/>`,
};

/** The product picture: silhouette in the first colour, the product name below. */
export function productSvg(name: string, category: ProductCategory, colour: string): string {
  const words = escapeXml(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" ` +
    `aria-label="${words}">
<rect width="400" height="400" fill="#f5f6f7"/>
${silhouettes[category](colourHex(colour))}
<text x="200" y="372" font-family="Arial, Helvetica, sans-serif" ` +
    `font-size="${name.length > 28 ? 16 : 20}" text-anchor="middle" fill="#191919">${words}</text>
</svg>
`
  );
}

/** EU energy label with a rating letter A–G. */
export function energyLabelSvg(rating: string): string {
  const colours = ['#00a651', '#50b848', '#bed630', '#fff200', '#fdb913', '#f37021', '#ed1c24'];
  const index = Math.max(0, 'ABCDEFG'.indexOf(rating));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 28" width="60" height="28" role="img" ` +
    `aria-label="Energy class ${rating}">
<path d="M0 0h46l14 14-14 14H0z" fill="${colours[index]}"/><text x="22" y="21" font-family="Arial" ` +
    `font-weight="700" font-size="18" fill="#fff" text-anchor="middle">${rating}</text>
</svg>
`
  );
}

/** EU repairability/durability score badge. */
export function durabilitySvg(score: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 28" width="80" height="28" role="img" ` +
    `aria-label="Repairability ${score}">
<rect width="80" height="28" rx="4" fill="#1565c0"/><text x="40" y="19" font-family="Arial" ` +
    `font-size="13" fill="#fff" text-anchor="middle">${escapeXml(score)}</text>
</svg>
`
  );
}

/** A square icon with a one/two-letter glyph (social networks, categories, store navigation). */
export function glyphIconSvg(label: string, glyph: string, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img" ` +
    `aria-label="${escapeXml(label)}">
<rect width="48" height="48" rx="12" fill="${colour}"/><text x="24" y="31" font-family="Arial" ` +
    `font-weight="700" font-size="${glyph.length > 1 ? 16 : 22}" fill="#fff" ` +
    `text-anchor="middle">${escapeXml(glyph)}</text>
</svg>
`
  );
}

/** A QR-like pattern derived from `seed` (decorative; the real code comes from the CMS). */
export function qrSvg(label: string, seed: number): string {
  const cells: string[] = [];
  let x = seed >>> 0;
  for (let row = 0; row < 21; row++)
    for (let col = 0; col < 21; col++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const finder = (row < 7 && col < 7) || (row < 7 && col > 13) || (row > 13 && col < 7);
      const on = finder
        ? row % 6 === 0 ||
          col % 6 === 0 ||
          (row % 7 > 1 && row % 7 < 5 && col % 7 > 1 && col % 7 < 5) ||
          col === 20 ||
          row === 20
        : (x >> 16) % 2 === 0;
      if (on) cells.push(`<rect x="${col * 4 + 4}" y="${row * 4 + 4}" width="4" height="4"/>`);
    }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 92 92" width="92" height="92" role="img" ` +
    `aria-label="${escapeXml(label)}">
<rect width="92" height="92" fill="#fff"/><g fill="#000">${cells.join('')}</g>
</svg>
`
  );
}

export const logoSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56" width="56" height="56" role="img" ` +
  `aria-label="Xiaomi">
<rect width="56" height="56" rx="16" fill="#ff6900"/><path d="M14 18h18a10 10 0 0 1 10 10v10h-6V28a4 4 0 ` +
  `0 0-4-4H20v14h-6zM23 28h6v10h-6zM45 18v20" stroke="none" fill="#fff"/><rect x="45" y="18" width="0" ` +
  `height="0"/><rect x="38" y="18" width="0" height="0"/>
</svg>
`;

export const errorSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160" width="240" height="160" role="img" ` +
  `aria-label="Something went wrong">
<rect width="240" height="160" fill="#f5f6f7"/><rect x="70" y="30" width="100" height="80" rx="10" ` +
  `fill="#fff" stroke="#ff6900" stroke-width="4"/><path d="M100 60l40 30M140 60l-40 30" stroke="#ff6900" ` +
  `stroke-width="6" stroke-linecap="round"/><text x="120" y="140" font-family="Arial" font-size="14" ` +
  `text-anchor="middle" fill="#555">Error</text>
</svg>
`;

/** A wide banner with a headline, for content pages. */
export function bannerSvg(title: string, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" ` +
    `aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" ` +
    `stop-color="#191919"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/><text x="80" y="220" font-family="Arial" font-size="56" ` +
    `font-weight="700" fill="#fff">${escapeXml(title)}</text>
</svg>
`
  );
}
