import { request } from '../request';
import { site } from '../state/site';

/** A build as server/routes/releases/releases.ts answers it (keys camelCased by the request layer). */
export interface Build {
  id: number;
  locals: string[];
  note: string;
  requestedBy: string;
  state: 'queued' | 'building' | 'built' | 'scheduled' | 'publishing' | 'published' | 'failed' | 'cancelled';
  publishMode: 'now' | 'at' | 'hold';
  publishAt: string | null;
  phase: string;
  pagesDone: number;
  pagesTotal: number;
  elapsedMs: number;
  estimateMs: number | null;
  releaseId: string | null;
  error: string | null;
}

export interface StorefrontRow {
  local: string;
  version: string;
  releaseId: string;
  publishedAt: string | null;
  publishedBy: string | null;
  note: string | null;
  rollbackTargets: { releaseId: string; created: string; version: string }[];
}

export interface Diff {
  local: string;
  known: boolean;
  changedParts: string[];
  diff: {
    productsAdded: { commodityId: string; name: string }[];
    productsRemoved: { commodityId: string; name: string }[];
    prices: {
      commodityId: string;
      name: string;
      currency: string;
      before: { salePrice: number };
      after: { salePrice: number };
    }[];
    pagesChanged: string[];
    pagesAdded: string[];
    pagesRemoved: string[];
    strings: string[];
    other: string[];
    same: boolean;
  } | null;
}

export interface ReleaseEvent {
  id: number;
  at: string;
  actor: string;
  action: 'build' | 'schedule' | 'publish' | 'rollback' | 'fail' | 'cancel';
  locals: string[];
  buildId: number | null;
  releaseId: string | null;
  note: string;
}

/** The release console's calls (release managers only: others get 40303, visitors 20001). */
export function releasesApi(api: string = site.value.api) {
  const url = (path: string) => `${api}/releases${path}`;
  const post = <T>(path: string, body: Record<string, unknown>) => request<T>(url(path), { body, json: true });
  return {
    status: () => request<{ storefronts: StorefrontRow[]; builds: Build[] }>(url('/status')),
    diff: (local: string) => request<Diff>(url('/diff'), { params: { local } }),
    build: (locals: string[], note: string, publishAt?: string) =>
      post<Build>('/builds', { locals, note, ...(publishAt ? { publish_at: publishAt } : {}) }),
    buildState: (id: number) => request<Build>(url(`/builds/${id}`)),
    log: (id: number, after: number) =>
      request<{ state: string; lines: { seq: number; line: string }[] }>(url(`/builds/${id}/log`), {
        params: { after },
      }),
    publish: (id: number, note: string, at?: string) =>
      post<Build>(`/builds/${id}/publish`, { note, ...(at ? { at } : {}) }),
    cancel: (id: number, note: string) => post<Build>(`/builds/${id}/cancel`, { note }),
    rollback: (local: string, to: string, note: string) =>
      post<{ releaseId: string }>('/rollback', { locals: [local], to, note }),
    history: () => request<{ events: ReleaseEvent[] }>(url('/history')).then((r) => r.events),
  };
}
export type ReleasesApi = ReturnType<typeof releasesApi>;
