/**
 * First-party analytics and real-user performance, behind the analytical category's consent. Islands report with
 * `track`; the app bridge names its ids with `setAppIds`; the runtime starts the rest (start-analytics.ts), which is
 * a chunk of its own loaded only with consent, after the page is idle.
 */
export { track, type TrackedEvent } from './track';
export { setAppIds, type AppIds } from './app-ids';
