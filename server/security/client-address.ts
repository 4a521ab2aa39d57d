import { isIPv6 } from 'node:net';

/**
 * The key a client is counted under for rate limits and throttles: its IPv4 address, or the /64 network of an
 * IPv6 address (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** True for a loopback socket address: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(ip);
  if (v4) return v4[1] === '127';
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when a Host header (or a URL's host) names this machine: localhost, 127.0.0.1 or [::1], with any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::\d{1,5})?$/.exec((host ?? '').toLowerCase());
  return Boolean(match && LOOPBACK_HOSTS.has(match[1]!));
}

/** Headers by which a proxy names the client it forwards or says it passed the request on. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'forwarded-for',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
  'fly-client-ip',
  'x-appengine-user-ip',
  'x-azure-clientip',
  'x-envoy-external-address',
  'x-originating-ip',
  'x-remote-ip',
  'x-remote-addr',
  'x-proxyuser-ip',
  'x-host',
  'cdn-loop',
]);
const FORWARDING_PREFIXES = ['x-forwarded', 'x-original-'];

/**
 * True when a request carries any forwarding header. A proxy on the same machine connects from loopback, so
 * the socket address alone does not tell a local developer from a client the proxy passes on (nginx adds no
 * forwarding header by default; others add only one of their own).
 */
export function hasForwardingHeader(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return FORWARDING_HEADERS.has(lower) || FORWARDING_PREFIXES.some((prefix) => lower.startsWith(prefix));
  });
}
