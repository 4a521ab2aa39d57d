import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { FlashSaleDraft } from '../request/flash-sale-api';
import type {
  BuildCancelBody,
  BuildLogAnswer,
  BuildPublishBody,
  BuildRequestBody,
  BuildView,
  ReleaseDiffAnswer,
  ReleaseEventView,
  ReleaseHistoryAnswer,
  ReleaseStatusAnswer,
  RollbackAnswer,
  RollbackBody,
  StorefrontRowView,
} from '../../server/schemas/releases';
import type { AnalyticsErrorsAnswer, AnalyticsSummaryAnswer } from '../../server/schemas/analytics-dashboard';

/** The release console's answers (server/schemas/releases.ts), keys camelCased by the request layer. */
export type Build = Camelized<BuildView>;
export type StorefrontRow = Camelized<StorefrontRowView>;
export type Diff = Camelized<ReleaseDiffAnswer>;
export type ReleaseEvent = Camelized<ReleaseEventView>;
export type AnalyticsSummary = Camelized<AnalyticsSummaryAnswer>;
export type ErrorGroup = Camelized<AnalyticsErrorsAnswer>['groups'][number];
/** The period and storefront the traffic and sales panel asks for ('all': every storefront of the manager's). */
export interface AnalyticsQuery {
  from: string;
  to: string;
  storefront: string;
}

/** The release console's calls (release managers only: others get 40303, visitors 20001). */
export function releasesApi(api: string = site.value.api) {
  const url = (path: string) => `${api}/releases${path}`;
  // Bodies are sent as they are: their keys are the server's (`publish_at`), not camelCased.
  const post = <T>(path: string, body: BuildRequestBody | BuildPublishBody | BuildCancelBody | RollbackBody) =>
    request<T>(url(path), { body, json: true });
  return {
    status: () => request<Camelized<ReleaseStatusAnswer>>(url('/status')),
    diff: (local: string) => request<Diff>(url('/diff'), { params: { local } }),
    build: (locals: string[], note: string, publishAt?: string) =>
      post<Build>('/builds', { locals, note, ...(publishAt ? { publish_at: publishAt } : {}) }),
    buildState: (id: number) => request<Build>(url(`/builds/${id}`)),
    log: (id: number, after: number) =>
      request<Camelized<BuildLogAnswer>>(url(`/builds/${id}/log`), { params: { after } }),
    publish: (id: number, note: string, at?: string) =>
      post<Build>(`/builds/${id}/publish`, { note, ...(at ? { at } : {}) }),
    cancel: (id: number, note: string) => post<Build>(`/builds/${id}/cancel`, { note }),
    rollback: (local: string, to: string, note: string) =>
      post<Camelized<RollbackAnswer>>('/rollback', { locals: [local], to, note }),
    history: () => request<Camelized<ReleaseHistoryAnswer>>(url('/history')).then((r) => r.events),
    /** Traffic and sales of a period (release managers see only their storefronts). */
    analyticsSummary: (query: AnalyticsQuery) =>
      request<AnalyticsSummary>(url('/analytics/summary'), { params: { ...query } }),
    /** Front-end error groups seen in a period, most reported first. */
    analyticsErrors: (query: AnalyticsQuery) =>
      request<Camelized<AnalyticsErrorsAnswer>>(url('/analytics/errors'), { params: { ...query } }).then(
        (r) => r.groups,
      ),
    /** Sets or moves a flash sale of this storefront's country (a campaign the release manager runs). */
    flashSale: (draft: FlashSaleDraft) => request<unknown>(url('/flash-sales'), { body: { ...draft }, json: true }),
  };
}
export type ReleasesApi = ReturnType<typeof releasesApi>;
