import type { AppMode } from '../state/site';

/** Live-chat user context, handed to the chat vendor when a chat starts. */
export interface LiveChatContext {
  Source: 1;
  CountryCode: string;
  LanguageCode: string;
  Name: string;
  /** Empty when the user id is 0 (visitor). */
  MiId: string;
  UserMode: 'login' | 'not login';
  Platform: 'pc' | 'm' | 'android' | 'ios';
  EntryPage: string;
}

export function platformOf(app: AppMode, desktop: boolean): LiveChatContext['Platform'] {
  if (app === 'ios') return 'ios';
  if (app === 'app') return 'android';
  return desktop ? 'pc' : 'm';
}

export function chatContext(input: {
  local: string;
  language: string;
  name: string;
  userId: string | null;
  platform: LiveChatContext['Platform'];
  entryPage: string;
}): LiveChatContext {
  const loggedIn = !!input.userId && input.userId !== '0';
  return {
    Source: 1,
    CountryCode: input.local.toUpperCase(),
    LanguageCode: input.language,
    Name: loggedIn ? input.name : '',
    MiId: loggedIn ? String(input.userId) : '',
    UserMode: loggedIn ? 'login' : 'not login',
    Platform: input.platform,
    EntryPage: input.entryPage,
  };
}
