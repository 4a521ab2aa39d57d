import { beforeEach, describe, expect, it } from 'vitest';
import { installFakePage } from './testing/fake-page';
import { forgetVisit, openVisit } from './visit';

beforeEach(() => {
  installFakePage();
});

describe('the visit', () => {
  it('is direct when the landing page carries no campaign and comes from no other site', async () => {
    expect(await openVisit()).toMatchObject({ channel: 'Direct' });
  });

  it('keeps the landing’s channel and campaign for the later pages of the visit', async () => {
    const page = installFakePage({
      search: '?utm_source=google&utm_medium=cpc&utm_campaign=summer-sale',
      referrer: 'https://www.google.com/',
    });
    const landing = await openVisit();
    expect(landing).toMatchObject({ channel: 'Paid Search', campaign: 'summer-sale' });
    // The next page of the visit: no utm, referred by the shop itself.
    Object.assign(page.location, { search: '', pathname: '/id/cart/' });
    page.document.referrer = 'https://shop.test/id/product/x/';
    expect(await openVisit()).toEqual(landing);
  });

  it('names organic traffic from another site by its referrer, without a campaign', async () => {
    installFakePage({ referrer: 'https://www.instagram.com/' });
    expect(await openVisit()).toEqual({ id: expect.any(String), channel: 'Organic Social' });
  });

  it('starts again once forgotten', async () => {
    const first = await openVisit();
    forgetVisit();
    expect((await openVisit()).id).not.toBe(first.id);
  });
});
