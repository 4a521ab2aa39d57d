import { effect } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { site, updateSiteFromProps } from './site';

describe('updateSiteFromProps', () => {
  const start = site.value;
  afterEach(() => {
    site.value = start;
  });

  it('merges the site facts a host carries', () => {
    updateSiteFromProps({
      local: 'de',
      urlLocal: 'de',
      api: '/api/de',
      cookiePolicyLevel: 'high',
      hasPoco: true,
      isToC: false,
    });
    expect(site.value).toMatchObject({
      local: 'de',
      urlLocal: 'de',
      api: '/api/de',
      cookiePolicyLevel: 'high',
      hasPoco: true,
      isToC: false,
    });
    updateSiteFromProps({ level: 'low' });
    expect(site.value.cookiePolicyLevel).toBe('low');
  });

  it('notifies the islands that read the site only when a fact changes', () => {
    const props = { local: 'id', urlLocal: 'id', api: '/api/id', cookiePolicyLevel: 'low', hasPoco: false };
    updateSiteFromProps(props);
    let runs = 0;
    const stop = effect(() => {
      void site.value;
      runs += 1;
    });
    // Seven more islands mount with the same facts, and one carries props without any.
    for (let i = 0; i < 7; i += 1) updateSiteFromProps({ ...props, strings: { title: `island ${i}` } });
    updateSiteFromProps({});
    expect(runs).toBe(1);
    updateSiteFromProps({ ...props, hasPoco: true });
    expect(runs).toBe(2);
    stop();
  });
});
