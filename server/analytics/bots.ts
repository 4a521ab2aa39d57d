/**
 * Crawlers, link previewers, page-speed and uptime robots, and plain HTTP libraries: what a shopper's browser never
 * is. Crawlers name themselves ("Googlebot/2.1", "bingbot/2.0") and most add a page about them ("+http://…"), which no
 * browser does. Chromium without a window (HeadlessChrome) is not listed: the store's own browser tests run it and are
 * counted like shoppers. Phones named like robots ("CUBOT X19") are not matched: a robot's name ends in "bot/".
 */
const ROBOT_NAMES = [
  String.raw`\+https?://`,
  'bot/',
  String.raw`\bbot\b`,
  'crawl',
  'spider',
  'slurp',
  'googlebot',
  'bingbot',
  'yandex(bot|images)',
  'baiduspider',
  'duckduckbot',
  'sogou',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'ia_archiver',
  'lighthouse',
  'pagespeed',
  'pingdom',
  'uptimerobot',
  'gtmetrix',
  'phantomjs',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'go-http-client',
  '^curl/',
  '^wget/',
  'libwww-perl',
  '^java/',
  'apache-httpclient',
  '^node(-fetch)?$',
  '^undici',
  '^axios/',
  'postmanruntime',
];
const ROBOT = new RegExp(ROBOT_NAMES.join('|'), 'i');

/**
 * Whether a request's user agent is a robot, not a shopper's browser: a robot's name, or no user agent at all.
 * @example isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)') // true
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || ROBOT.test(ua);
}
