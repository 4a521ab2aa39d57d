/**
 * The full page contexts of a storefront, kept by the build beside Gatsby instead of in it. Gatsby stores one
 * small PageRef per page (so page-data.json and its memory stay small); createPages writes one record per
 * storefront here and the HTML renderer reads it back.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PageContext, PageRef, ShellContext } from '../../../src/page-context';
import { renderFs } from './render-fs';

export type FooterMode = ShellContext['footerMode'];

/** Everything one storefront's pages render from. */
export interface StorefrontRecord {
  /** The header's and footer's input, the same on every web page of the storefront. */
  shell: Omit<ShellContext, 'footerMode'>;
  /** `main`: the same for a page and its app and iOS variants, whose main landmark is rendered once (main-html.ts). */
  pages: Record<string, { context: PageContext; footer: FooterMode; main: string }>;
}

const folder = (): string => path.resolve('.cache/storefront-pages/render');
const recordFile = (urlLocal: string): string => path.join(folder(), `${urlLocal}.json`);

function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** A short, stable hash of JSON-able values. */
export function hashOf(...values: unknown[]): string {
  const hash = createHash('sha1');
  for (const value of values)
    hash.update(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).update('\u0000');
  return hash.digest('base64url').slice(0, 20);
}

/**
 * The site's CSS, which Gatsby inlines into every page: its own change tracking does not re-render a page when only
 * a stylesheet changed, so the CSS is part of every page's hash.
 */
function stylesHash(): string {
  const folder = path.resolve('src/styles');
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((name) => name.endsWith('.css'))
        .sort()
    : [];
  return hashOf(...files.map((name) => fs.readFileSync(path.join(folder, name), 'utf8')));
}

/**
 * What a record file holds. Each page's context is written without the parts it shares: the storefront (the same on
 * every page, in `shell`) and its data, which the web page and its app and iOS variants share (an index into
 * `data`). That keeps the files about a third smaller, and each context is serialized once, for its hash and the file.
 */
interface RecordFile {
  shell: StorefrontRecord['shell'];
  data: unknown[];
  pages: Record<
    string,
    { context: Omit<PageContext, 'storefront' | 'data'>; data: number; footer: FooterMode; main: string }
  >;
}

/** Collects one storefront's pages as createPages emits them. */
export class StorefrontRecorder {
  /** What every web page, and every app page, shows besides its own context: hashed once, not once per page. */
  private readonly webInputs: string;
  private readonly appInputs: string;
  /** Each distinct page data (by identity) once: its JSON and hash, and its index in the file. */
  private readonly dataIndex = new Map<unknown, number>();
  private readonly dataJson: string[] = [];
  private readonly dataHashes: string[] = [];
  /** The file's `pages` entries, serialized as the pages come. */
  private readonly pageEntries: string[] = [];

  /** `widgets`: the islands manifest, whose chunk names every page with islands references. */
  constructor(
    readonly urlLocal: string,
    private readonly shell: StorefrontRecord['shell'],
    widgets: unknown = null,
  ) {
    const common = hashOf(widgets, stylesHash(), shell.storefront);
    // Web pages show the shell, so a header or footer change must re-render them; app pages only its strings.
    this.webInputs = hashOf(common, shell);
    this.appInputs = hashOf(common, shell.strings);
  }

  private indexOfData(data: unknown): number {
    let index = this.dataIndex.get(data);
    if (index === undefined) {
      index = this.dataJson.length;
      const json = JSON.stringify(data) ?? 'null';
      this.dataJson.push(json);
      this.dataHashes.push(hashOf(json));
      // Only objects are shared by identity; a primitive is cheap to write again.
      if (typeof data === 'object' && data !== null) this.dataIndex.set(data, index);
    }
    return index;
  }

  /** Remembers the page and returns what Gatsby keeps of it. */
  add(context: PageContext, footer: FooterMode): PageRef {
    // The storefront's part of the context is the same on every page and already in the inputs' hash.
    const { storefront, data, ...own } = context;
    const dataIndex = this.indexOfData(data);
    const ownJson = JSON.stringify(own);
    const inputs = context.app === 'web' ? hashOf(this.webInputs, footer) : this.appInputs;
    // What the main landmark shows: all of the context but the app mode, the path and the noindex flag.
    const { template, routeId, breadcrumbs, seo } = context;
    const main = hashOf(
      this.urlLocal,
      JSON.stringify({ template, routeId, breadcrumbs, seo: { ...seo, noindex: null } }),
      this.dataHashes[dataIndex],
    );
    this.pageEntries.push(
      `${JSON.stringify(context.pagePath)}:{"context":${ownJson},"data":${dataIndex},"footer":` +
        `${JSON.stringify(footer)},"main":${JSON.stringify(main)}}`,
    );
    return {
      pagePath: context.pagePath,
      urlLocal: this.urlLocal,
      hash: hashOf(ownJson, this.dataHashes[dataIndex], inputs),
    };
  }

  write(): void {
    writeAtomically(
      recordFile(this.urlLocal),
      `{"shell":${JSON.stringify(this.shell)},"data":[${this.dataJson.join(',')}],"pages":{` +
        `${this.pageEntries.join(',')}}}`,
    );
  }
}

/** A record file as the renderer uses it: every page with its full context. */
function fromFile(file: RecordFile): StorefrontRecord {
  const pages: StorefrontRecord['pages'] = {};
  for (const [pagePath, page] of Object.entries(file.pages)) {
    pages[pagePath] = {
      context: { ...page.context, storefront: file.shell.storefront, data: file.data[page.data] } as PageContext,
      footer: page.footer,
      main: page.main,
    };
  }
  return { shell: file.shell, pages };
}

// An HTML worker renders the pages in creation order, so storefront after storefront: a few records in memory
// are enough, and all 63 at once would cost hundreds of MB per worker.
const recent = new Map<string, StorefrontRecord | undefined>();
const KEEP = 3;

/** The record createPages wrote for a storefront (undefined for pages that are not a storefront's). */
export function readStorefrontRecord(urlLocal: string): StorefrontRecord | undefined {
  if (recent.has(urlLocal)) return recent.get(urlLocal);
  const file = recordFile(urlLocal);
  const record = renderFs.existsSync(file)
    ? fromFile(JSON.parse(renderFs.readFileSync(file, 'utf8')) as RecordFile)
    : undefined;
  recent.set(urlLocal, record);
  if (recent.size > KEEP) recent.delete(recent.keys().next().value as string);
  return record;
}

/** The recorded page at a Gatsby path ('/id/cart/'), with its storefront's record. */
export function pageAt(
  pagePath: string,
): { record: StorefrontRecord; page: StorefrontRecord['pages'][string] } | undefined {
  const urlLocal = pagePath.split('/')[1];
  const record = urlLocal ? readStorefrontRecord(urlLocal) : undefined;
  const page = record?.pages[pagePath];
  return record && page ? { record, page } : undefined;
}
