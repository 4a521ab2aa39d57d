import { snakeKey } from '../request/camel-case';

/** Share networks. */
export type ShareNetwork = 'facebook' | 'twitter' | 'vk' | 'whatsapp' | 'telegram' | 'line' | 'weibo' | 'clipboard';
export const DEFAULT_SHARE_NETWORKS: readonly ShareNetwork[] = ['facebook', 'twitter', 'clipboard'];

/** Brand names, the same in every language (not UI strings); the clipboard button's text is the catalogue's. */
export const SHARE_NETWORK_NAMES: Record<Exclude<ShareNetwork, 'clipboard'>, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  vk: 'VK',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  line: 'LINE',
  weibo: 'Weibo',
};

/** Share payload. */
export interface SharePayload {
  url: string;
  text?: string;
  hashtag?: string;
  image?: string;
  redirectUri?: string;
  display?: string;
  /** Extra utm parameters; keys are snake-cased. */
  utmParams?: Record<string, string>;
  /** Extra query parameters added to the shared link. */
  urlExtend?: Record<string, string>;
  /** With seoAttr the link goes through {buySite}/static/toshare. */
  seoAttr?: { title: string; image?: string; desc?: string; buySite?: string };
}

const q = (params: Record<string, string | undefined>) => {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out.set(k, v);
  return out.toString();
};

/**
 * The shared link: utm_channel=social, utm_source/utm_medium = network (no utm_source for clipboard), extras
 * snake-cased.
 */
export function sharedLink(payload: SharePayload, network: ShareNetwork, base = 'https://invalid.local/'): string {
  const u = new URL(payload.url, base);
  for (const [k, v] of Object.entries(payload.urlExtend ?? {})) u.searchParams.set(k, v);
  u.searchParams.set('utm_channel', 'social');
  if (network !== 'clipboard') u.searchParams.set('utm_source', network);
  u.searchParams.set('utm_medium', network);
  for (const [k, v] of Object.entries(payload.utmParams ?? {})) u.searchParams.set(snakeKey(k), v);
  let link = u.toString();
  if (payload.seoAttr) {
    const { title, image, desc, buySite = '' } = payload.seoAttr;
    link = new URL(`${buySite}/static/toshare?${q({ title, image, desc, link })}`, base).toString();
  }
  return link;
}

/** The network's share URL, or for clipboard the text to copy (text plus link). */
export function shareTarget(network: ShareNetwork, payload: SharePayload, base?: string): string {
  const link = sharedLink(payload, network, base);
  const text = payload.text ?? '';
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({
        u: link,
        quote: text,
        redirect_uri: payload.redirectUri,
        display: payload.display,
        hashtag: payload.hashtag,
      })}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?${q({ url: link, text, hashtags: payload.hashtag?.replace(/^#/, '') })}`;
    case 'vk':
      return `https://vk.com/share.php?${q({ url: link, title: text })}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?${q({ text: text ? `${text} ${link}` : link })}`;
    case 'telegram':
      return `https://t.me/share/url?${q({ url: link, text })}`;
    case 'line':
      return `https://social-plugins.line.me/lineit/share?${q({ url: link, text })}`;
    case 'weibo':
      return `https://service.weibo.com/share/share.php?${q({ url: link, title: text, pic: payload.image })}`;
    case 'clipboard':
      return text ? `${text} ${link}` : link;
  }
}

/** Share pop-ups are 600×480, centred on the screen. */
export function popupFeatures(screenW: number, screenH: number, left0 = 0, top0 = 0, w = 600, h = 480): string {
  const left = Math.round(left0 + (screenW - w) / 2);
  const top = Math.round(top0 + (screenH - h) / 2);
  return `width=${w},height=${h},left=${left},top=${top},noopener,noreferrer`;
}
