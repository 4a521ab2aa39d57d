import { isIP } from 'node:net';

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A browser's User-Agent reduced to what its owner recognises ("Chrome on Android"): only this summary is kept,
 * never the full header (it fingerprints the browser).
 */
export function summariseUserAgent(header: string | undefined): string {
  const ua = (header ?? '').slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? '';
}

/**
 * The approximate network of a client address: an IPv4 address's first two parts ("203.0.x.x"), an IPv6 address's
 * first three groups. Never the full address; null when it is not an address.
 */
export function approximateNetwork(ip: string): string | null {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const kind = isIP(address);
  if (kind === 4) {
    const [a, b] = address.split('.');
    return `${a}.${b}.x.x`;
  }
  if (kind === 6) {
    const groups = address.split(':').filter((g) => g !== '');
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}
