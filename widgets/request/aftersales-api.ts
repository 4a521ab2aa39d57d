import { request } from './';
import { uploadBytes } from './upload-bytes';
import { site } from '../state/site';
import { camel } from '../lib/strings';
import type { Camelized } from '../request/camelized';
import type {
  AftersalesApplyBody,
  AftersalesListAnswer,
  AftersalesProductsAnswer,
  AftersalesProgressAnswer,
  EligibleLineView,
  RequestEventView,
  RequestState,
  ServiceRequestDetailView,
  ServiceRequestView,
  UploadMetaView,
} from '../../server/schemas/after-sales';

/**
 * After-sales calls (server/routes/after-sales/aftersales.ts), camel-cased by the request layer; types from
 * server/schemas/after-sales.ts.
 */
export { REQUEST_KINDS, type RequestKind, type RequestState } from '../../server/schemas/after-sales';
import type { RequestKind } from '../../server/schemas/after-sales';
export type ServiceRequest = Camelized<ServiceRequestView>;
export type RequestEvent = Camelized<RequestEventView>;
export type UploadMeta = Camelized<UploadMetaView>;
export type EligibleLine = Camelized<EligibleLineView>;

/** The upload rules, checked before sending (the server checks again, by the bytes). */
export const UPLOAD_RULES = {
  maxFiles: 5,
  maxBytes: 10 * 1024 * 1024 - 1,
  extensions: ['jpg', 'jpeg', 'png', 'pdf'],
} as const;

/** Why a chosen file cannot be sent, or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): 'type' | 'size' | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(UPLOAD_RULES.extensions as readonly string[]).includes(ext)) return 'type';
  if (file.size === 0 || file.size > UPLOAD_RULES.maxBytes) return 'size';
  return null;
}

/** A kind's catalogue key: a claim on a device insurance policy is named by the insurance texts. */
export const kindKey = (kind: RequestKind) =>
  kind === 'claim' ? ('insurance.claim.kind' as const) : (`aftersales.kind.${kind}` as const);

/** A state's catalogue key (keys allow no underscores). */
export const stateKey = (state: RequestState) => `aftersales.state.${camel(state)}` as const;

const api = (path: string) => `${site.value.api}${path}`;

export const aftersalesApi = {
  products: () => request<Camelized<AftersalesProductsAnswer>>(api('/aftersales/products')),
  list: () => request<Camelized<AftersalesListAnswer>>(api('/aftersales/list')).then((r) => r.requests),
  detail: (id: string) => request<Camelized<ServiceRequestDetailView>>(api('/aftersales/detail'), { params: { id } }),
  apply: (body: AftersalesApplyBody) =>
    request<{ request: ServiceRequest }>(api('/aftersales/apply'), { body, json: true }).then((r) => r.request),
  cancel: (id: string) => request<object>(api('/aftersales/cancel'), { body: { id }, json: true }),
  feedback: (id: string, text: string) =>
    request<object>(api('/aftersales/feedback'), { body: { id, text }, json: true }),
  progress: (requestNo: string, device: string) =>
    request<Camelized<AftersalesProgressAnswer>>(api('/aftersales/progress'), { params: { requestNo, device } }),
  removeUpload: (id: string) => request<object>(api('/aftersales/upload/delete'), { body: { id }, json: true }),
  fileUrl: (id: string) => api(`/aftersales/upload/${id}`),
  /** One file as its own bytes (the request layer sends JSON and forms only). */
  async upload(file: File): Promise<UploadMeta> {
    return ((await uploadBytes(api('/aftersales/upload'), file)) as { upload: UploadMeta }).upload;
  },
  staffList: (state = 'open') =>
    request<{ requests: ServiceRequest[] }>(api('/staff/service-requests'), { params: { state } }).then(
      (r) => r.requests,
    ),
  staffAdvance: (id: string, state: RequestState, note: string) =>
    request<object>(api('/staff/service-requests/advance'), { body: { id, state, note }, json: true }),
};
