/** What the widgets build (widgets/build) writes to widgets/dist/manifest.json. */
export interface WidgetManifest {
  runtime: string;
  widgets: Record<string, string>;
  /** Every chunk a widget needs (its own and shared ones like Preact), to preload eager widgets at once. */
  preload?: Record<string, string[]>;
}

const hostTag = /<store-widget\b([^>]*)>/gi;

/** The widget names and loading strategies of the hosts on a page, in document order. */
export function widgetHosts(html: string): { name: string; load: string }[] {
  return [...html.matchAll(hostTag)].map((match) => {
    const attributes = match[1] ?? '';
    return {
      name: /\bname="([^"]+)"/.exec(attributes)?.[1] ?? '',
      load: /\bload="([^"]+)"/.exec(attributes)?.[1] ?? 'idle',
    };
  });
}

/**
 * Adds the islands runtime to a page that holds at least one widget host, and preloads the eager widgets so
 * they do not wait for the runtime to ask. A page without hosts is returned unchanged: it ships no JavaScript.
 */
export function injectWidgets(html: string, manifest: WidgetManifest): string {
  const hosts = widgetHosts(html);
  if (hosts.length === 0) return html;
  const eager = [...new Set(hosts.filter((host) => host.load === 'eager').flatMap((host) => manifest.preload?.[host.name] ?? [manifest.widgets[host.name]]))].filter(
    (file): file is string => Boolean(file),
  );
  // Low priority: the islands enhance a page that is complete without them, so on a slow link the HTML's own
  // images (the LCP image first) get the bandwidth before them, and nothing of them delays the first paint.
  const tags = [
    `<script type="module" src="${manifest.runtime}" fetchpriority="low"></script>`,
    ...eager.map((file) => `<link rel="modulepreload" href="${file}" fetchpriority="low">`),
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}
