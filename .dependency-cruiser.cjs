/**
 * Import rules of the repository, checked by dependency-cruiser:
 *   npx depcruise --config .dependency-cruiser.cjs server widgets src plugins content region-config sites tests
 *
 * Island folders are the widget folders with a mount entry in widgets/runtime/registry.ts (the names of
 * widgets/contract.ts WIDGET_NAMES). Code that several islands use lives in the shared folders: lib, request, state,
 * runtime, build, consent-gate, service-worker (and widgets/contract.ts). widgets/staff-console has no mount entry: it
 * is the user area's staff section in a folder of its own, so the user area may import it, and it imports only
 * shared folders, like an island.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The island names, read from the one list of them (WIDGET_NAMES in widgets/contract.ts). */
function islandNames() {
  const contract = fs.readFileSync(path.join(__dirname, 'widgets/contract.ts'), 'utf8');
  const list = /export const WIDGET_NAMES = \[([^\]]*)\] as const;/.exec(contract);
  if (!list) throw new Error('.dependency-cruiser.cjs: WIDGET_NAMES not found in widgets/contract.ts');
  return [...list[1].matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
}
const ISLANDS = islandNames();
/** Widget folders of one feature that are not shared; each may import only shared folders (and itself). */
const FEATURE_FOLDERS = [...ISLANDS, 'staff-console'];
const FEATURES = `(${FEATURE_FOLDERS.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports makes the load order matter and the modules impossible to use one without the other.',
      from: {},
      // Type-only imports count too: a circle of types still ties the modules' meaning together.
      to: { circular: true },
    },
    {
      name: 'widgets-not-to-server',
      severity: 'error',
      comment:
        'Islands run in the browser: from the server they take only the API schemas (and the types derived from them).',
      from: { path: '^widgets/' },
      to: { path: '^server/', pathNot: '^server/schemas/' },
    },
    {
      name: 'island-not-to-island',
      severity: 'error',
      comment:
        'An island never imports another island (or feature) folder: what two islands share moves to ' +
        'widgets/lib, widgets/request or widgets/state.',
      from: { path: `^widgets/${FEATURES}/`, pathNot: '^widgets/user-area/' },
      to: { path: `^widgets/${FEATURES}/`, pathNot: '^widgets/$1/' },
    },
    {
      name: 'user-area-not-to-island',
      severity: 'error',
      comment: 'The same for the user area, which also mounts the staff console section (widgets/staff-console).',
      from: { path: '^widgets/user-area/' },
      to: { path: `^widgets/${FEATURES}/`, pathNot: '^widgets/(user-area|staff-console)/' },
    },
    {
      name: 'shared-not-to-islands',
      severity: 'error',
      comment: 'The shared widget folders serve every island, so they never depend on one.',
      // The registry is the closed list of islands the runtime loads: the one place that names them all.
      from: {
        path: '^widgets/(lib|request|state|runtime|consent-gate|service-worker)/',
        pathNot: '^widgets/runtime/registry\\.ts$',
      },
      to: { path: `^widgets/${FEATURES}/` },
    },
    {
      name: 'pages-not-to-request-layer',
      severity: 'error',
      comment: 'The Gatsby pages render at build time: they never call the API through the islands’ request layer.',
      from: { path: '^src/' },
      to: { path: '^widgets/request/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  allowed: [],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|public|releases|\\.cache|dist|dist-service-worker)/' },
    // 'specify' keeps type-only imports (marked as such): the rules on who imports whom see them too.
    tsPreCompilationDeps: 'specify',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
