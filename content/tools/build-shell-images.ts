/** Images the header, footer and pages reference: brand, icons, social networks, QR codes, legal logos, banners. */
import { socialNetworks } from './build-header-footer';
import { bannerSvg, errorSvg, glyphIconSvg, logoSvg, qrSvg } from './svg';

const socialLook: Record<string, [glyph: string, colour: string]> = {
  facebook: ['f', '#1877f2'],
  x: ['X', '#000000'],
  instagram: ['Ig', '#c13584'],
  youtube: ['▶', '#ff0000'],
  tiktok: ['Tk', '#010101'],
  weibo: ['Wb', '#e6162d'],
  wechat: ['Wc', '#07c160'],
  bilibili: ['Bi', '#00a1d6'],
  vk: ['VK', '#0077ff'],
  telegram: ['Tg', '#229ed9'],
  line: ['L', '#06c755'],
  naver: ['N', '#03c75a'],
  zalo: ['Z', '#0068ff'],
};

const icons: Record<string, [label: string, glyph: string]> = {
  support: ['Support', '?'],
  store: ['Store', 'St'],
  business: ['Business', 'B'],
  new: ['New', 'N'],
  event: ['Event', '★'],
  'trade-in': ['Trade-in', '⇄'],
  student: ['Student', 'S'],
  deals: ['Deals', '%'],
};

/** Banner images of the content pages, by file name → headline. */
export const banners: Record<string, [title: string, colour: string]> = {
  home: ['Xiaomi 15T Series', '#ff6900'],
  'smart-home': ['Smart home, simply', '#2e7d32'],
  lifestyle: ['Life, upgraded', '#6a1b9a'],
  office: ['Work smarter', '#1565c0'],
  mobile: ['Phones for everyone', '#ff6900'],
  wearables: ['Move more', '#00897b'],
  'new-user': ['Welcome offers', '#c62828'],
  student: ['Student program', '#3949ab'],
  event: ['Black Friday', '#111111'],
  store: ['Xiaomi Store', '#ff6900'],
  poco: ['POCO', '#ffd600'],
  support: ['How can we help?', '#455a64'],
  app: ['Get the app', '#ff6900'],
  blog: ['Stories', '#37474f'],
};

export function shellImages(): Record<string, string> {
  const files: Record<string, string> = {
    'brand/logo.svg': logoSvg,
    'brand/poco.svg': glyphIconSvg('POCO', 'P', '#ffd600'),
    'app/qr-code.svg': qrSvg('Download the Xiaomi Store app', 17),
    'legal/compliance-qr-in.svg': qrSvg('Compliance information India', 29),
    'legal/compliance-qr-id.svg': qrSvg('Compliance information Indonesia', 31),
    'legal/regulator-co.svg':
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40" role="img" ` +
      `aria-label="Superintendencia de Industria y Comercio">
<rect width="120" height="40" rx="4" fill="#fff" stroke="#1b3d7a" stroke-width="2"/><text x="60" ` +
      `y="26" font-family="Arial" font-weight="700" font-size="16" fill="#1b3d7a" ` +
      `text-anchor="middle">SIC</text>
</svg>
`,
    'error/error.svg': errorSvg,
  };
  for (const network of socialNetworks) {
    const [glyph, colour] = socialLook[network] ?? ['?', '#555555'];
    files[`social/${network}.svg`] = glyphIconSvg(network, glyph, colour);
  }
  for (const [name, [label, glyph]] of Object.entries(icons))
    files[`icons/${name}.svg`] = glyphIconSvg(label, glyph, '#ff6900');
  for (const [name, [title, colour]] of Object.entries(banners))
    files[`banners/${name}.svg`] = bannerSvg(title, colour);
  return files;
}
