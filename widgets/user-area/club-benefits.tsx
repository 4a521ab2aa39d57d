import { t } from '../lib/strings';
import type { ClubBenefits } from './messages-api';

type Strings = Record<string, string> | undefined;

/**
 * The lines a level's benefits read as, the ones it has only. With `over`, only what it adds to that level's (the
 * "next level adds" list): a benefit it has that `over` has not, or more of it.
 */
export function benefitLines(s: Strings, b: ClubBenefits, over?: ClubBenefits): { key: string; text: string }[] {
  const lines: { key: string; text: string }[] = [];
  if (b.freeExpress && !over?.freeExpress) lines.push({ key: 'express', text: t(s, 'club.benefit.freeExpress') });
  if (b.earlyAccessHours > (over?.earlyAccessHours ?? 0))
    lines.push({ key: 'early', text: t(s, 'club.benefit.earlyAccess', { count: b.earlyAccessHours }) });
  if (b.birthdayPoints > (over?.birthdayPoints ?? 0))
    lines.push({ key: 'birthday', text: t(s, 'club.benefit.birthday', { count: b.birthdayPoints }) });
  return lines;
}
