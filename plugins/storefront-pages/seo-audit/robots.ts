/** robots.txt as Google reads it (RFC 9309 plus `*` and `$`), to prove no indexable page is blocked. */
import type { Problem } from './audit';

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

/** The Allow/Disallow rules of the `User-agent: *` group. */
export function robotsRules(text: string): Rule[] {
  const rules: Rule[] = [];
  let inStarGroup = false;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) continue;
    const field = (match[1] ?? '').toLowerCase();
    const value = (match[2] ?? '').trim();
    if (field === 'user-agent') {
      inStarGroup = (lastWasAgent && inStarGroup) || value === '*';
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!inStarGroup || (field !== 'allow' && field !== 'disallow') || value === '') continue;
    const anchored = value.endsWith('$');
    const body = (anchored ? value.slice(0, -1) : value)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    rules.push({ allow: field === 'allow', pattern: value, regex: new RegExp(`^${body}${anchored ? '$' : ''}`) });
  }
  return rules;
}

/** The longest matching rule decides; Allow wins a tie; no match allows. */
export function robotsAllows(rules: Rule[], pathname: string): boolean {
  let best: Rule | undefined;
  for (const rule of rules) {
    if (!rule.regex.test(pathname)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    )
      best = rule;
  }
  return best?.allow ?? true;
}

/** Short, names the sitemap index, and blocks none of the indexable pages (paths from the site root). */
export function auditRobots(
  text: string,
  sitemapIndexUrl: string,
  indexablePaths: string[],
): { lines: number; problems: Problem[] } {
  const problems: Problem[] = [];
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  if (!text.split(/\r?\n/).some((line) => line.trim() === `Sitemap: ${sitemapIndexUrl}`))
    problems.push({ kind: 'robots', url: '/robots.txt', detail: `no "Sitemap: ${sitemapIndexUrl}" line` });
  if (lines > 40)
    problems.push({
      kind: 'robots',
      url: '/robots.txt',
      detail: `${lines} lines: use path patterns, not rules per storefront`,
    });
  const rules = robotsRules(text);
  for (const pathname of indexablePaths) {
    if (!robotsAllows(rules, pathname))
      problems.push({ kind: 'robots-blocked', url: pathname, detail: 'indexable page disallowed by robots.txt' });
  }
  return { lines, problems };
}
