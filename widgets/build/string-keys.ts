/**
 * Which catalogue keys each island reads, found in its code: every `t(strings, key)` call of the files its bundle is
 * made of, with the key's type from the TypeScript checker, so `order.state.${state}` counts as one key per state.
 * The result is widgets/string-keys.json (`npm run strings:widgets` writes it); the hosts pass exactly those keys
 * (src/components/widget-strings.ts) and src/components/widget-strings.test.ts checks the file is current and that
 * every catalogue has every key. Node-only build tooling: never part of a bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { buildSync } from 'esbuild';
import { WIDGET_NAMES, type WidgetName } from '../contract';

/**
 * Keys named by content data rather than by code: the island is given every catalogue key under the prefix, and the
 * content rules, not this file, check that each id in the data has its text.
 */
export const DATA_KEY_FAMILIES: Readonly<Record<string, string>> = {
  'tradeIn.answer.': 'answer ids of the trade-in snapshot (content/cross-file-rules.ts: each has its English label)',
};

/** What one island reads: literal keys, and the data-named families it takes whole. */
export interface IslandKeys {
  keys: string[];
  prefixes: string[];
}

export interface StringKeyScan {
  islands: Record<WidgetName, IslandKeys>;
  /** Calls whose key the checker cannot list (a plain `string`): each must become a union of literal keys. */
  problems: string[];
}

const root = path.resolve(__dirname, '../..');
const widgetsDir = path.join(root, 'widgets');

/** The widget source files an island's bundle is made of (esbuild follows its imports as webpack does). */
function sourcesOf(name: WidgetName): string[] {
  const entry = ['index.tsx', 'index.ts'].map((f) => path.join(widgetsDir, name, f)).find((f) => fs.existsSync(f));
  if (!entry) throw new Error(`widgets/${name} has no index.tsx or index.ts`);
  const { metafile } = buildSync({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs)
    .filter((input) => input.startsWith('widgets/') && /\.tsx?$/.test(input))
    .map((input) => path.join(root, input));
}

function widgetsProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(widgetsDir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('widgets/tsconfig.json could not be read');
  return ts.createProgram(config.fileNames, config.options);
}

/** Scans every island of the registry. */
export function scanStringKeys(): StringKeyScan {
  const program = widgetsProgram();
  const checker = program.getTypeChecker();
  const stringsModule = path.join(widgetsDir, 'lib', 'strings.ts');
  const problems = new Set<string>();
  const perFile = new Map<string, IslandKeys>();

  /** Is this call the `t` of widgets/lib/strings.ts (not some other function named t)? */
  const isT = (call: ts.CallExpression): boolean => {
    let symbol = checker.getSymbolAtLocation(call.expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return (
      !!declaration && path.resolve(declaration.getSourceFile().fileName) === stringsModule && symbol?.name === 't'
    );
  };

  const scanFile = (file: string): IslandKeys => {
    const known = perFile.get(file);
    if (known) return known;
    const found: IslandKeys = { keys: [], prefixes: [] };
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${path.relative(root, file)} is not part of widgets/tsconfig.json`);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.length >= 2 && isT(node)) {
        const arg = node.arguments[1]!;
        const type = checker.getTypeAtLocation(arg);
        for (const member of type.isUnion() ? type.types : [type]) {
          if (member.isStringLiteral()) found.keys.push(member.value);
          else {
            const head =
              member.flags & ts.TypeFlags.TemplateLiteral ? ((member as ts.TemplateLiteralType).texts[0] ?? '') : '';
            const family = Object.keys(DATA_KEY_FAMILIES).find((prefix) => head.startsWith(prefix));
            if (family) found.prefixes.push(family);
            else {
              const { line } = source.getLineAndCharacterOfPosition(arg.getStart());
              problems.add(
                `${path.relative(root, file)}:${line + 1}: the key ${arg.getText()} has type ` +
                  `${checker.typeToString(member)}; give it a union of literal keys`,
              );
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    perFile.set(file, found);
    return found;
  };

  const islands = Object.fromEntries(
    WIDGET_NAMES.map((name) => {
      const all = sourcesOf(name).map(scanFile);
      return [
        name,
        {
          keys: [...new Set(all.flatMap((f) => f.keys))].sort(),
          prefixes: [...new Set(all.flatMap((f) => f.prefixes))].sort(),
        },
      ];
    }),
  ) as Record<WidgetName, IslandKeys>;
  return { islands, problems: [...problems].sort() };
}

export const stringKeysFile = path.join(widgetsDir, 'string-keys.json');

/** The JSON text of widgets/string-keys.json for a scan. */
export function stringKeysJson(scan: StringKeyScan): string {
  return `${JSON.stringify(scan.islands, null, 2)}\n`;
}
