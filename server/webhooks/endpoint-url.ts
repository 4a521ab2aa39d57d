import { isIP } from 'node:net';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an IP address is one a public endpoint never has (loopback, private, link-local such as cloud metadata). */
function isInternalAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (family === 6) return /^(::1?$|f[cd]|fe[89ab]|::ffff:)/i.test(bare);
  return false;
}

/**
 * Why an endpoint URL is refused, or null: https only; plain http only to this machine (localhost, 127.0.0.1) and
 * never in production; no credentials in the URL (they would show in the console); no internal addresses.
 */
export function endpointUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (url.hash) return 'a fragment in the URL';
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === 'http:') return local && !production ? null : 'http only to localhost outside production';
  if (url.protocol !== 'https:') return 'not https';
  if (production && (local || isInternalAddress(url.hostname))) return 'an internal address';
  return null;
}
