import { storefronts } from '../region-config/storefronts';
import { hostsFor, type HostOverrides, hostOverrides } from './hosts';
import { liveChatFor } from './live-chat';

/**
 * The security headers of every page and API answer, in one place so the Node server and a CDN (the `_headers`
 * file the build writes) send the same policy.
 */

/** The origin of an absolute http(s) URL, or null for paths and anything else. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Absolute origins the pages talk to: API host families of a real deployment and chat vendors. */
export function externalOrigins(overrides: HostOverrides = hostOverrides): {
  connect: string[];
  script: string[];
  frame: string[];
} {
  const connect = new Set<string>();
  const script = new Set<string>();
  const frame = new Set<string>();
  for (const storefront of storefronts) {
    for (const base of Object.values(hostsFor(storefront.urlLocal, overrides))) {
      const origin = originOf(base);
      if (origin) connect.add(origin);
    }
    const chat = liveChatFor(storefront.local, storefront.urlLocal);
    const scriptOrigin = originOf(chat.scriptSrc);
    if (scriptOrigin) {
      script.add(scriptOrigin);
      connect.add(scriptOrigin);
    }
    const chatPage = originOf(chat.orgUrl);
    if (chatPage) {
      frame.add(chatPage);
      connect.add(chatPage);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { connect: sorted(connect), script: sorted(script), frame: sorted(frame) };
}

/**
 * The Content-Security-Policy of the storefront pages. Pages carry no inline script (JSON-LD data blocks are not
 * executed), so scripts come only from this origin (the islands) and configured chat vendors. Inline styles stay
 * allowed: the critical CSS is inlined and React writes style attributes.
 */
export function pageContentSecurityPolicy(overrides: HostOverrides = hostOverrides): string {
  const ext = externalOrigins(overrides);
  const list = (extra: string[]) => ["'self'", ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(ext.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${list(ext.connect)}`,
    `frame-src ${ext.frame.length ? ext.frame.join(' ') : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list(ext.connect)}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of server-made HTML forms (sign-in, confirmations): nothing but their own inline style and this origin's
 * forms.
 */
export const FORM_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";

/** The policy of JSON and other non-HTML answers: nothing may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The policy a storefront's service worker runs under: it fetches pages, images and islands of this origin only
 * (cross-origin requests are left to the browser), and nothing else.
 */
export const SERVICE_WORKER_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Headers every answer carries, HTML or not. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Location is used by the store map and service-centre finder, payment by checkout; nothing else is needed.
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(self), payment=(self), usb=(), serial=(), interest-cohort=()',
  // Share and chat pop-ups keep working; other windows cannot reach into ours.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Cross-Origin-Resource-Policy': 'same-site',
};

/** Strict-Transport-Security for answers served over https (never over plain http, where it is ignored anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';
