import type { Located } from './cross-file-rules';
import type { SnapshotIssue } from './snapshot-error';
import { WEEKDAYS, type ServiceCentresSnapshot } from './schemas/service-centres.schema';

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Rules of the service-centre snapshot the schema cannot say: one entry per country and known countries only, centre
 * ids unique across the file, every open day closes after it opens and holds at least one whole slot.
 */
export function serviceCentresHold(
  snapshot: Located<ServiceCentresSnapshot>,
  knownLocals: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const at = (pointer: string, message: string) => issues.push({ file: snapshot.file, pointer, message });
  const locals = new Set<string>();
  const ids = new Set<string>();
  snapshot.data.countries.forEach((country, i) => {
    if (!knownLocals.has(country.local)) at(`/countries/${i}/local`, `unknown country "${country.local}"`);
    if (locals.has(country.local)) at(`/countries/${i}/local`, `country "${country.local}" is listed twice`);
    locals.add(country.local);
    country.centres.forEach((centre, j) => {
      const base = `/countries/${i}/centres/${j}`;
      if (ids.has(centre.id)) at(`${base}/id`, `duplicate centre id "${centre.id}"`);
      ids.add(centre.id);
      let open = 0;
      for (const day of WEEKDAYS) {
        const hours = centre.hours[day];
        if (!hours) continue;
        open++;
        const length = minutes(hours.close) - minutes(hours.open);
        if (length <= 0) at(`${base}/hours/${day}`, `closes (${hours.close}) before it opens (${hours.open})`);
        else if (length < centre.slotMinutes)
          at(`${base}/hours/${day}`, `open ${length} minutes, shorter than one ${centre.slotMinutes}-minute slot`);
      }
      if (open === 0) at(`${base}/hours`, 'the centre is never open');
    });
  });
  return issues;
}
