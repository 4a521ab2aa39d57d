import fs from 'node:fs';
import path from 'node:path';

/**
 * Routes whose parameters exist only at run time (an order id, a message id) have no page of their own: the
 * build lists them in public/_routes.json as `{ pattern: '/id/user/message/:id', page: '/id/user/message/' }`
 * and the page's island reads the parameter from the URL. A CDN does the same with rewrite rules.
 */
interface ClientRoute {
  pattern: string;
  page: string;
}

interface CompiledRoute {
  regex: RegExp;
  file: string;
}

function compile(routes: ClientRoute[], root: string): CompiledRoute[] {
  return routes.map((route) => {
    const source = route.pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { regex: new RegExp(`^${source}/?$`), file: path.join(root, route.page, 'index.html') };
  });
}

/** A matcher over public/_routes.json, re-read when the file changes (a region rebuild while serving). */
export function clientRouteMatcher(root: string): (urlPath: string) => string | undefined {
  const file = path.join(root, '_routes.json');
  let mtime = -1;
  let routes: CompiledRoute[] = [];
  return (urlPath) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (stat.mtimeMs !== mtime) {
      mtime = stat.mtimeMs;
      try {
        routes = compile(JSON.parse(fs.readFileSync(file, 'utf8')) as ClientRoute[], root);
      } catch {
        routes = []; // a half-written file during a rebuild: serve 404s until it is whole
      }
    }
    const match = routes.find((route) => route.regex.test(urlPath));
    return match && fs.existsSync(match.file) ? match.file : undefined;
  };
}
