import type { StatsCompilation } from 'webpack';
import { PUBLIC_PATH } from './webpack-config';

/** widgets/dist/manifest.json, read by the lead's post-build to inject the runtime and modulepreloads. */
export interface WidgetManifest {
  /** The module script every page with a <store-widget> loads. */
  runtime: string;
  /** The entry chunk of each widget. */
  widgets: Record<string, string>;
  /** Every file a widget needs (its chunk and shared chunks), for <link rel="modulepreload"> of eager widgets. */
  preload: Record<string, string[]>;
}

const url = (file: string) => PUBLIC_PATH + file;
const jsFiles = (files: string[] | undefined) => (files ?? []).filter((f) => f.endsWith('.js'));

/** Builds the manifest from webpack stats: chunk groups named after the registry's webpackChunkName. */
export function buildManifest(stats: StatsCompilation, widgetNames: readonly string[]): WidgetManifest {
  const runtimeFile = jsFiles(stats.entrypoints?.runtime?.assets?.map((a) => a.name))[0];
  if (!runtimeFile) throw new Error('widgets build: no runtime entry in the webpack stats');
  const widgets: Record<string, string> = {};
  const preload: Record<string, string[]> = {};
  for (const name of widgetNames) {
    const group = stats.namedChunkGroups?.[name];
    const files = jsFiles(group?.assets?.map((a) => a.name));
    const own = stats.chunks?.find((c) => c.names?.includes(name));
    const main = jsFiles(own?.files)[0];
    if (!main) throw new Error(`widgets build: no chunk for widget "${name}"`);
    widgets[name] = url(main);
    preload[name] = files.map(url);
  }
  return { runtime: url(runtimeFile), widgets, preload };
}
