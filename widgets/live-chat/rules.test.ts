import { describe, expect, it } from 'vitest';
import { chatContext } from './context';
import { chatPopupFeatures, launcherAction, shouldLoadProvider, storefrontLanguage, visitorMayChat } from './rules';

const allowed = { appVisitorId: 'v', visitorChat: 'allowed' as const };

describe('live-chat launcher rules', () => {
  it('sends visitors to sign-in without a visitor id or where visitor chat is refused/removed', () => {
    expect(launcherAction({ visitorChat: 'allowed', appVisitorId: '' }, false)).toBe('sign-in');
    expect(launcherAction({ ...allowed, visitorChat: 'refused' }, false)).toBe('sign-in');
    expect(launcherAction({ ...allowed, visitorChat: 'removed' }, false)).toBe('sign-in');
  });
  it('asks visitors with a visitor id to confirm the privacy policy', () => {
    expect(launcherAction(allowed, false)).toBe('confirm-privacy');
  });
  it('starts chat directly for signed-in users', () => {
    expect(launcherAction({ visitorChat: 'refused' }, true)).toBe('start');
  });
  it('opens a pop-up where the locale has a chat page', () => {
    expect(launcherAction({ ...allowed, chatPageUrl: '/in/chat' }, true)).toBe('popup');
    expect(chatPopupFeatures(1000, 1000)).toContain('width=375,height=700');
  });
  it('loads the vendor only after the profile for signed-in users', () => {
    expect(shouldLoadProvider(allowed, true, false)).toBe(false);
    expect(shouldLoadProvider(allowed, true, true)).toBe(true);
    expect(shouldLoadProvider(allowed, false, false)).toBe(true);
    expect(shouldLoadProvider({ visitorChat: 'refused', appVisitorId: 'v' }, false, false)).toBe(false);
    expect(visitorMayChat({})).toBe(false);
  });
});

describe('chat context', () => {
  it('leaves MiId empty for visitors', () => {
    expect(
      chatContext({ local: 'de', language: 'de-DE', name: 'x', userId: '0', platform: 'pc', entryPage: 'u' }),
    ).toEqual({
      Source: 1,
      CountryCode: 'DE',
      LanguageCode: 'de-DE',
      Name: '',
      MiId: '',
      UserMode: 'not login',
      Platform: 'pc',
      EntryPage: 'u',
    });
    expect(
      chatContext({ local: 'id', language: 'id-ID', name: 'Ann', userId: '42', platform: 'm', entryPage: 'u' }),
    ).toMatchObject({ MiId: '42', Name: 'Ann', UserMode: 'login' });
  });

  it('falls back to the storefront language of the page, en-US only when nothing is known', () => {
    expect(storefrontLanguage('de-DE', 'en-IN')).toBe('de-DE');
    expect(storefrontLanguage(undefined, 'en-IN')).toBe('en-IN');
    expect(storefrontLanguage('', 'en-IN')).toBe('en-IN');
    expect(storefrontLanguage(undefined, '')).toBe('en-US');
  });
});
