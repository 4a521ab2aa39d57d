import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headerFooter, shell, storefront, t } from '../../testing/fixtures';
import type { ShellContext } from '../../page-context';
import { makeTranslate } from '../../components/translate';
import { Footer } from './footer';

function render(overrides: Partial<ShellContext> = {}, translate = t): string {
  return renderToStaticMarkup(<Footer shell={shell(overrides)} t={translate} />);
}

const company = {
  name: 'Xiaomi Vietnam Co., Ltd.',
  details: [
    { label: 'Hotline', value: '1800 400 410' },
    { label: 'Hours', value: '9:00-18:00 Mon-Fri' },
  ],
};

describe('Footer', () => {
  it('renders a subscribe form that works without JavaScript, inside the subscribe host', () => {
    const html = render();
    expect(html).toContain('<store-widget name="subscribe"');
    expect(html).toContain('<form class="subscribe" method="get" action="/api/id/misc/emailsubscribe">');
    expect(html).toMatch(
      /<label class="visually-hidden" for="footer-subscribe-email">Enter your email address<\/label><input id="footer-subscribe-email" type="email" name="email"/,
    );
  });

  it('hides the subscribe box for kr even when the data has one', () => {
    const html = render({ storefront: storefront({ urlLocal: 'kr', local: 'kr' }) });
    expect(html).not.toContain('name="subscribe"');
    expect(html).not.toContain('emailsubscribe');
  });

  it('shows the legal company block for vn and kr only', () => {
    const withCompany = headerFooter({ footer: { company } });
    for (const local of ['vn', 'kr']) {
      const html = render({ storefront: storefront({ urlLocal: local, local }), headerFooter: withCompany });
      expect(html).toContain(`footer__company--${local}`);
      expect(html).toContain('<dt>Hours</dt><dd>9:00-18:00 Mon-Fri</dd>');
    }
    expect(render({ headerFooter: withCompany })).not.toContain('footer__company');
    expect(render({ storefront: storefront({ urlLocal: 'vn', local: 'vn' }) })).not.toContain('footer__company');
  });

  it('links the cookie policy only when the cookie policy level is not low', () => {
    const link = 'href="/id/support/policy/cookie-policy/"';
    // The consent host names the policy too, so count the footer's own link.
    const footerPart = (html: string) => html.slice(0, html.indexOf('</footer>'));
    expect(footerPart(render())).not.toContain(link);
    expect(footerPart(render({ storefront: storefront({ cookiePolicyLevel: 'high' }) }))).toContain(link);
  });

  it('prints the copyright line with the build year, also without a catalogue entry', () => {
    expect(render({ year: 2031 })).toContain('Copyright © 2010 - 2031 Xiaomi. All rights reserved.');
    expect(render({ year: 2031 }, makeTranslate({}))).toContain('© 2010 - 2031 Mi Store Indonesia');
  });

  it('links the sitemap and the location switcher under the storefront home', () => {
    const html = render();
    expect(html).toContain('href="/id/sitemap/"');
    expect(html).toContain('href="/id/select-location/"');
  });

  it('shows the compliance QR code only when its URLs are provided', () => {
    expect(render()).not.toContain('footer__compliance');
    const legal = {
      complianceQrCodeUrl: '/images/qr/compliance.svg',
      complianceQrCodeDesc: 'Compliance',
      complianceUrl: '/id/certification/compliance/',
    };
    const html = render({ headerFooter: headerFooter({ footer: { legal } }) });
    expect(html).toContain('footer__compliance');
    expect(html).toContain(
      '<img src="/images/qr/compliance.svg" alt="" width="80" height="80" loading="lazy"/><span>Compliance</span>',
    );
  });

  it('renders only payment terms and the regulator logo in reduced mode, plus consent', () => {
    const regulator = { imgUrl: '/images/icons/regulator.svg', url: 'https://www.sic.gov.co/', alt: 'SIC' };
    const html = render({ footerMode: 'reduced', headerFooter: headerFooter({ footer: { regulator } }) });
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    expect(footer).toContain('Prices include VAT.');
    expect(footer).toContain('alt="SIC"');
    expect(footer).toContain('target="_blank" rel="noopener noreferrer"');
    expect(footer).not.toContain('sitemap');
    expect(footer).not.toContain('emailsubscribe');
    expect(footer).not.toContain('Follow us');
    expect(html).toContain('<store-widget name="consent"');
  });

  it('offers the cookie settings in the full and the reduced footer (consent can be changed from every page)', () => {
    const button =
      '<button type="button" data-consent-open="" class="footer__cookie-settings">consent.preferences</button>';
    expect(render()).toContain(button);
    expect(render({ footerMode: 'reduced' })).toContain(button);
  });

  it('keeps the regulator logo out of the full footer (it belongs on the support page)', () => {
    const regulator = { imgUrl: '/images/icons/regulator.svg', url: 'https://www.sic.gov.co/', alt: 'SIC' };
    const html = render({ headerFooter: headerFooter({ footer: { regulator } }) });
    expect(html).toContain('footer__bottom');
    expect(html).not.toContain('alt="SIC"');
    expect(html).not.toContain('sic.gov.co');
  });

  it('opens external links in a new window and keeps internal ones in place', () => {
    const html = render();
    expect(html).toContain(
      '<a href="https://community.example.org/" target="_blank" rel="noopener noreferrer">Community</a>',
    );
    expect(html).toContain('<a href="/id/contact/">Contact us</a>');
  });

  it('lists footnotes by index and carries the consent and live-chat hosts', () => {
    const html = render();
    expect(html.indexOf('First note')).toBeLessThan(html.indexOf('Second note'));
    expect(html).toContain('<store-widget name="consent"');
    expect(html).toContain('<store-widget name="live-chat"');
  });
});
