/** Live-chat settings as sites/ produces them (LiveChatConfig), passed in props.liveChat. */
export interface LiveChatSettings {
  appId?: string;
  appVisitorId?: string;
  orgId?: string;
  orgUrl?: string;
  scriptSrc?: string;
  dataSuggestedActionLayout?: string;
  visitorChat?: 'allowed' | 'refused' | 'removed';
  chatPageUrl?: string;
  custom?: { title?: string; bgColor?: string; position?: 'left' | 'right' };
}

/** What a click on the launcher does. */
export type LauncherAction = 'popup' | 'sign-in' | 'confirm-privacy' | 'start';

/** A visitor may chat only with a visitor id, where the locale neither refuses nor removes visitor chat. */
export function visitorMayChat(chat: LiveChatSettings): boolean {
  return !!chat.appVisitorId && (chat.visitorChat ?? 'allowed') === 'allowed';
}

/** Click rules, in order: URL-based chat, visitor rules, signed-in users. */
export function launcherAction(chat: LiveChatSettings, loggedIn: boolean): LauncherAction {
  if (chat.chatPageUrl) return 'popup';
  if (loggedIn) return 'start';
  return visitorMayChat(chat) ? 'confirm-privacy' : 'sign-in';
}

/** The chat widget loads for a signed-in user only after the profile answered; for a visitor only if they may chat. */
export function shouldLoadProvider(chat: LiveChatSettings, loggedIn: boolean, profileLoaded: boolean): boolean {
  if (chat.chatPageUrl) return false;
  return loggedIn ? profileLoaded : visitorMayChat(chat);
}

/** The chat pop-up is 375 px wide and 70% of the screen high. */
export function chatPopupFeatures(screenW: number, screenH: number): string {
  const w = 375;
  const h = Math.round(screenH * 0.7);
  return `width=${w},height=${h},left=${Math.max(0, screenW - w - 24)},top=${Math.round((screenH - h) / 2)}`;
}

/**
 * The storefront language: the host's `lang` prop, else the page's <html lang> (en-IN on /in/), en-US only when both
 * are empty.
 */
export function storefrontLanguage(propLang: string | undefined, documentLang: string): string {
  return propLang || documentLang || 'en-US';
}
