/**
 * Reads a build's output for its progress. Gatsby, writing to a pipe, prints one line per finished step
 * (`success storefront de - 0.409s - 984 pages`, `success Building static HTML for pages - 9.4s - 984/984`), not a
 * running count, so the pages total is known once the pages are created and the pages done jump when the HTML step
 * ends; the estimate (from earlier builds) fills the time between. A build may also print its own
 * `@@progress {"phase":…,"pagesDone":…,"pagesTotal":…}` lines (the fake build of the tests does).
 */

export interface BuildProgress {
  phase: string;
  pagesDone: number;
  pagesTotal: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** A line of output without terminal colour and cursor codes. */
export const plainLine = (line: string): string => line.replace(ANSI, '').replace(/\r/g, '').trimEnd();

/** The progress after `line`, or null when the line says nothing about it. */
export function progressAfter(line: string, before: BuildProgress): BuildProgress | null {
  const text = plainLine(line);
  const own = /^@@progress (\{.*\})$/.exec(text);
  if (own) {
    try {
      const p = JSON.parse(own[1]!) as Partial<BuildProgress>;
      return {
        phase: String(p.phase ?? before.phase),
        pagesDone: Number(p.pagesDone ?? before.pagesDone),
        pagesTotal: Number(p.pagesTotal ?? before.pagesTotal),
      };
    } catch {
      return null;
    }
  }
  const created = /info Created (\d+) pages for/.exec(text);
  if (created) return { ...before, phase: 'pages created', pagesTotal: Number(created[1]) };
  const storefront = /success storefront (\S+) - [\d.]+s - (\d+) pages/.exec(text);
  if (storefront)
    return { ...before, phase: `storefront ${storefront[1]}`, pagesTotal: before.pagesTotal + Number(storefront[2]) };
  const html = /success Building static HTML for pages - [\d.]+s - (\d+)\/(\d+)/.exec(text);
  if (html) return { phase: 'pages rendered', pagesDone: Number(html[1]), pagesTotal: Number(html[2]) };
  const step = /^(?:success|info) (.+?) - [\d.]+s/.exec(text);
  if (step) return { ...before, phase: step[1]!.slice(0, 120) };
  if (/^> storefront@[^ ]+ (build:\S+)/.test(text)) return { ...before, phase: /(build:\S+)/.exec(text)![1]! };
  return null;
}
