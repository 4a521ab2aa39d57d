import { t } from './strings';
import { warrantyKey, type Device } from '../request/devices-api';

type Strings = Record<string, string> | undefined;

/** A day ('YYYY-MM-DD') in the page's language, read as the calendar day it names (never shifted by a time zone). */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(document.documentElement.lang || undefined, { timeZone: 'UTC' });

/** Where a device's warranty stands, in words: covered until, ended on, starts on delivery, waiting, refused. */
export function warrantyText(s: Strings, d: Pick<Device, 'verification' | 'rejectionReason' | 'warranty'>): string {
  if (d.verification === 'pending') return t(s, 'device.verification.pending');
  if (d.verification === 'rejected') return t(s, 'device.verification.rejected', { reason: d.rejectionReason ?? '' });
  const w = d.warranty;
  if (!w) return t(s, 'device.warranty.unknown');
  return t(s, warrantyKey(w.status), { date: w.until ? dayLabel(w.until) : '' });
}
