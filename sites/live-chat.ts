import type { LiveChatConfig } from './site.schema';

/** Visitors of id are refused chat; tr, mx, co, pe have visitor chat removed. */
export const VISITOR_CHAT_REFUSED: readonly string[] = ['id'];
export const VISITOR_CHAT_REMOVED: readonly string[] = ['tr', 'mx', 'co', 'pe'];
/** The in storefront opens a chat page in a popup instead of the widget. */
export const CHAT_PAGE_LOCALS: readonly string[] = ['in'];

/** The ru launcher carries a Russian title, the brand colour and sits on the right. */
const CUSTOM_LOOK: Readonly<Record<string, NonNullable<LiveChatConfig['custom']>>> = {
  ru: { title: 'Онлайн-чат', bgColor: '#ff6900', position: 'right' },
};

/**
 * Live-chat settings of a storefront. The embedded default has no chat vendor: scriptSrc is empty and the launcher
 * uses the built-in /chat page; a deployment with a vendor fills scriptSrc, orgId and orgUrl.
 */
export function liveChatFor(local: string, urlLocal: string): LiveChatConfig {
  const visitorChat = VISITOR_CHAT_REFUSED.includes(local)
    ? 'refused'
    : VISITOR_CHAT_REMOVED.includes(local)
      ? 'removed'
      : 'allowed';
  const config: LiveChatConfig = {
    appId: `chat-${local}`,
    appVisitorId: visitorChat === 'allowed' ? `chat-${local}-visitor` : '',
    orgId: 'mistore',
    orgUrl: `/api/${urlLocal}/chat`,
    scriptSrc: '',
    dataSuggestedActionLayout: 'vertical',
    visitorChat,
  };
  if (CHAT_PAGE_LOCALS.includes(local)) config.chatPageUrl = `/${urlLocal}/chat`;
  const custom = CUSTOM_LOOK[local];
  if (custom) config.custom = { ...custom };
  return config;
}
