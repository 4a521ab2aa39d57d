import type { HeaderFooter } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import type { Translate } from '../../components/translate';

/** The email subscribe box is hidden for these countries. */
export const NO_SUBSCRIBE_LOCALS: readonly string[] = ['kr'];

/** Countries whose law requires the company block in the footer. */
export const LEGAL_BLOCK_LOCALS: readonly string[] = ['vn', 'kr'];

/** First year of the copyright line. */
export const COPYRIGHT_START_YEAR = 2010;

type Footer = HeaderFooter['footer'];

export function showSubscribe(
  storefront: Pick<StorefrontContext, 'local'>,
  footer: Footer,
): footer is Footer & { connect: NonNullable<Footer['connect']> } {
  return !NO_SUBSCRIBE_LOCALS.includes(storefront.local) && footer.connect !== undefined;
}

export function showCompanyBlock(storefront: Pick<StorefrontContext, 'local'>, footer: Footer): boolean {
  return LEGAL_BLOCK_LOCALS.includes(storefront.local) && footer.company !== undefined;
}

/** The cookie policy link is shown only when the cookie policy level is not low. */
export function showCookiePolicy(storefront: Pick<StorefrontContext, 'cookiePolicyLevel'>): boolean {
  return storefront.cookiePolicyLevel !== 'low';
}

/** The compliance QR code shows only when its URLs are provided. */
export function complianceQr(footer: Footer): { img: string; desc: string; url: string } | null {
  const { complianceQrCodeUrl, complianceQrCodeDesc, complianceUrl } = footer.legal;
  if (!complianceQrCodeUrl || !complianceUrl) return null;
  return { img: complianceQrCodeUrl, desc: complianceQrCodeDesc ?? '', url: complianceUrl };
}

export function copyrightYears(year: number): string {
  return `${COPYRIGHT_START_YEAR} - ${year}`;
}

/** "Copyright © 2010 - {year} …" from the catalogue; a catalogue without the key still gets the years. */
export function copyrightLine(t: Translate, year: number, siteName: string): string {
  const line = t('footer.copyright', { year, years: copyrightYears(year) });
  return line === 'footer.copyright' ? `© ${copyrightYears(year)} ${siteName}` : line;
}
