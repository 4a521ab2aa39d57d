import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  StaffStudentAnswer,
  StaffStudentReviewBody,
  StaffStudentsAnswer,
  StaffStudentsQuery,
  StudentCouponAnswer,
  StudentDocumentBody,
  StudentOfferView,
  StudentStatusAnswer,
} from '../../server/schemas/students';
import { price } from '../lib/price';
import { t } from '../lib/strings';

/** The shopper's student status and this semester's offer (server/schemas/students.ts), camel-cased. */
export type StudentStatusView = Camelized<StudentStatusAnswer>;
export type StudentOffer = Camelized<StudentOfferView>;
export type StaffStudentDetail = Camelized<StaffStudentAnswer>;

const api = (path: string, base = site.value.api) => `${base}${path}`;

/** The student programme's calls (server/routes/students/). */
export const studentApi = {
  status: () => request<StudentStatusView>(api('/student/status')),
  email: (email: string) => request<StudentStatusView>(api('/student/email'), { body: { email }, json: true }),
  document: (body: StudentDocumentBody) => request<StudentStatusView>(api('/student/document'), { body, json: true }),
  claim: () =>
    request<Camelized<StudentCouponAnswer>>(api('/student/coupon/claim'), { body: {}, json: true }).then(
      (r) => r.offer,
    ),
  staffList: (status: StaffStudentsQuery['status'], base?: string) =>
    request<Camelized<StaffStudentsAnswer>>(api('/staff/students', base), { params: { status } }).then(
      (r) => r.verifications,
    ),
  staffDetail: (id: string, base?: string) =>
    request<StaffStudentDetail>(api('/staff/students/detail', base), { params: { id } }),
  review: (body: StaffStudentReviewBody, base?: string) =>
    request<StaffStudentDetail>(api('/staff/students/review', base), { body, json: true }),
  fileUrl: (id: string, base?: string) => api(`/aftersales/upload/${id}`, base),
};

/**
 * The rule of a student coupon in words: its percent off one phone or tablet, its cap and, where the country sets
 * one, the highest device price ("60 % off one phone or tablet priced at most 9.500 TL, at most 5.500 TL off").
 */
export function studentRule(
  o: { percent: number | null; cap: number | null; maxUnitPrice?: number | null; exponent: number },
  s: Record<string, string> | undefined,
): string {
  const m = (minor: number | null | undefined) => price((minor ?? 0) / 10 ** o.exponent);
  return o.maxUnitPrice
    ? t(s, 'student.offer.ruleMaxPrice', { percent: o.percent ?? 0, cap: m(o.cap), price: m(o.maxUnitPrice) })
    : t(s, 'student.offer.rule', { percent: o.percent ?? 0, cap: m(o.cap) });
}
