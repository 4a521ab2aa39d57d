import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { AnalyticsEvent } from '../../../server/schemas/analytics';
import type { TrackedEvent } from './track';

type VitalName = NonNullable<AnalyticsEvent['metric']>;

/** The collector's bound of a metric value (ten minutes, in milliseconds). */
const MAX_VALUE = 600_000;

/** One web-vitals measurement as the batch's event: milliseconds whole, CLS (unitless) to four decimals. */
export function vitalEvent({ name, value }: Pick<Metric, 'name' | 'value'>): TrackedEvent {
  const rounded = name === 'CLS' ? Math.round(value * 1e4) / 1e4 : Math.round(value);
  return { kind: 'web_vital', target: name, metric: name as VitalName, metricValue: Math.min(MAX_VALUE, rounded) };
}

let watching = false;

/**
 * The page's LCP, INP, CLS and TTFB as web-vitals reports them (each once, when final: LCP at the first input, INP
 * and CLS when the page is hidden). Its observers cannot be taken back, so they are set up once per page and what
 * they report goes through `report`, which drops it once consent is withdrawn.
 */
export function watchVitals(report: (event: TrackedEvent) => void): void {
  if (watching) return;
  watching = true;
  const send = (metric: Metric) => report(vitalEvent(metric));
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
