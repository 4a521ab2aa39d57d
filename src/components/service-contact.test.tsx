import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServiceContact } from './service-contact';
import { serviceLineFor } from '../../sites/service-lines';

const t = (key: string, vars: Record<string, string | number> = {}) => `${key}(${Object.values(vars).join(',')})`;
const render = (local: string, urlLocal: string, lang: string) =>
  renderToStaticMarkup(
    <ServiceContact storefront={{ local, urlLocal, lang, api: `/api/${urlLocal}` }} t={t} variant="page" />,
  );

describe('the customer-service block', () => {
  it('links the phone and e-mail, states the reply promise and prints the week on the country clock', () => {
    const html = render('de', 'de', 'de-DE');
    const line = serviceLineFor('de', 'de');
    expect(html).toMatch(/^<address /);
    expect(html).toContain(`href="tel:${line.tel}"`);
    expect(html).toContain(`>${line.phone}</a>`);
    expect(html).toContain(`href="mailto:${line.email}"`);
    expect(html).toContain('support.contact.reply(24)');
    expect(html).toContain('<time dateTime="09:00">9:00</time>');
    expect(html).toContain('<time dateTime="18:00">18:00</time>');
    expect(html).toContain('stores.day.mon()–stores.day.fri()');
    expect(html).toContain('stores.day.sat()–stores.day.sun()');
    expect(html).toContain('support.contact.closed');
    expect(html).toContain('Mitteleuropäische Zeit');
  });

  it('leaves "open now" to the island: the build bakes no state of the moment', () => {
    const html = render('id', 'id', 'id-ID');
    expect(html).not.toContain('support.contact.openNow');
    expect(html).not.toContain('support.contact.closedNow');
    expect(html).toContain('<store-widget name="service-hours" load="visible"');
    expect(html).toContain('Asia/Jakarta');
  });

  it('writes hours as the country reads them (12-hour clock in the United States)', () => {
    expect(render('us', 'us', 'en-US')).toContain('<time dateTime="09:00">9:00 AM</time>');
  });
});
