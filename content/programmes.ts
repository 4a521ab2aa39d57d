/**
 * The programmes a country runs (trade-in, Xiaomi stores, service centres, coupons for new shoppers, the student
 * programme), each decided from the snapshot its own page reads, so a menu or page link to a programme and the
 * programme's page cannot disagree: the header and footer (content/tools/build-header-footer.ts), the content
 * pages' links (plugins/storefront-pages) and the cross-file rule that stops a build linking a programme the
 * country does not run all ask `programmeRuns`.
 */

/** The parts of the content bundle the programmes are read from (the builders' output has the same shape). */
export interface ProgrammeData {
  tradeIn: readonly { local: string }[];
  stores: readonly { local: string; stores: readonly unknown[] }[];
  serviceCentres: readonly { local: string; centres: readonly unknown[] }[];
  coupons: readonly { local: string }[];
  pages: readonly { path: string; regions?: readonly string[] }[];
}

interface Programme {
  /** Storefront-relative paths of the programme's own pages: a link to one of them is a link to the programme. */
  paths: readonly string[];
  runs: (data: ProgrammeData, local: string) => boolean;
}

/** Published in the country: the same test the page builds use (a page without regions is everywhere). */
const pagePublished = (data: ProgrammeData, path: string, local: string) =>
  data.pages.some((p) => p.path === path && (!p.regions || p.regions.includes(local)));

export const PROGRAMMES = {
  // /trade-in/ evaluates against the country's programme of the trade-in snapshot (the API answers "not offered"
  // without one).
  'trade-in': {
    paths: ['/trade-in/', '/support/trade-in/order/'],
    runs: (data, local) => data.tradeIn.some((c) => c.local === local),
  },
  // The store finder lists the country's stores of the stores snapshot.
  stores: {
    paths: ['/store/xiaomi-store/', '/store/xiaomi-store/detail/'],
    runs: (data, local) => data.stores.some((c) => c.local === local && c.stores.length > 0),
  },
  // The booking page lists the country's centres of the service-centre snapshot.
  'service-centres': {
    paths: ['/support/service-center/'],
    runs: (data, local) => data.serviceCentres.some((c) => c.local === local && c.centres.length > 0),
  },
  // /new-user/ promises a coupon to claim under My account > Coupons: the country's coupons of the coupon snapshot.
  'new-user': {
    paths: ['/new-user/'],
    runs: (data, local) => data.coupons.some((c) => c.local === local),
  },
  // The student programme is its content page, published in the countries its page names.
  'student-program': {
    paths: ['/p/student-program/'],
    runs: (data, local) => pagePublished(data, '/p/student-program/', local),
  },
} as const satisfies Record<string, Programme>;

export type ProgrammeId = keyof typeof PROGRAMMES;
export const PROGRAMME_IDS = Object.keys(PROGRAMMES) as ProgrammeId[];

/** True when `local` runs the programme, read from the data its page reads. */
export function programmeRuns(data: ProgrammeData, id: ProgrammeId, local: string): boolean {
  return PROGRAMMES[id].runs(data, local);
}

/**
 * The programme a storefront-relative path ('/trade-in/', '/trade-in', '/store/xiaomi-store/detail/62001/') belongs
 * to, or undefined for any other page. Query and fragment do not count.
 */
export function programmeOfPath(path: string): ProgrammeId | undefined {
  const bare = path.replace(/[?#].*$/, '');
  const slashed = bare.endsWith('/') ? bare : `${bare}/`;
  return PROGRAMME_IDS.find((id) => PROGRAMMES[id].paths.some((p) => slashed === p || slashed.startsWith(p)));
}

/**
 * False when `url` leads to the page of a programme `local` does not run; true for every other link (absolute URLs,
 * pages that are no programme's). `prefix` is the storefront's URL prefix ('/de') when the link carries it.
 * @example linkRuns(data, 'kr', '/kr/trade-in/', '/kr') // false when Korea has no trade-in programme
 */
export function linkRuns(data: ProgrammeData, local: string, url: string, prefix = ''): boolean {
  if (!url.startsWith('/')) return true;
  const path = prefix && url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : url;
  const programme = programmeOfPath(path);
  return programme === undefined || programmeRuns(data, programme, local);
}
