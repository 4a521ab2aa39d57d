import path from 'node:path';
import { renderFs } from './render-fs';

/** What the widgets build (widgets/build) writes to widgets/dist/manifest.json. */
export interface WidgetManifest {
  runtime: string;
  widgets: Record<string, string>;
  /** Every chunk a widget needs (its own and shared ones like Preact), to preload eager widgets at once. */
  preload?: Record<string, string[]>;
}

let manifest: WidgetManifest | null | undefined;

/**
 * widgets/dist/manifest.json, read once per process; null when the widgets were not built (its hash is in every
 * PageRef's).
 */
export function widgetManifest(): WidgetManifest | null {
  if (manifest === undefined) {
    const file = path.resolve('widgets/dist/manifest.json');
    manifest = renderFs.existsSync(file) ? (JSON.parse(renderFs.readFileSync(file, 'utf8')) as WidgetManifest) : null;
  }
  return manifest;
}

const hostTag = /<store-widget\b([^>]*)>/gi;

/** A widget host's name and loading strategy, as the page's HTML gives them. */
export interface WidgetHostTag {
  name: string;
  load: string;
}

/** The widget names and loading strategies of the hosts in some HTML, in document order. */
export function widgetHosts(html: string): WidgetHostTag[] {
  return [...html.matchAll(hostTag)].map((match) => {
    const attributes = match[1] ?? '';
    return {
      name: /\bname="([^"]+)"/.exec(attributes)?.[1] ?? '',
      load: /\bload="([^"]+)"/.exec(attributes)?.[1] ?? 'idle',
    };
  });
}

/** What a page's head needs for its islands. */
export interface IslandScripts {
  runtime: string;
  modulePreloads: string[];
}

/**
 * The islands runtime for a page that holds at least one widget host, and the eager widgets' chunks to preload
 * so they do not wait for the runtime to ask. A page without hosts gets nothing: it ships no JavaScript.
 */
export function islandScripts(hosts: readonly WidgetHostTag[], widgets: WidgetManifest): IslandScripts | undefined {
  if (hosts.length === 0) return undefined;
  const eager = hosts
    .filter((host) => host.load === 'eager')
    .flatMap((host) => widgets.preload?.[host.name] ?? [widgets.widgets[host.name]]);
  return {
    runtime: widgets.runtime,
    modulePreloads: [...new Set(eager)].filter((file): file is string => Boolean(file)),
  };
}
