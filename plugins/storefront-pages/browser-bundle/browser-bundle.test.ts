import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserBundleConfig, EMPTY_TEMPLATE, TEMPLATE_MODULE } from './browser-bundle';

type Args = Parameters<typeof browserBundleConfig>[0];

function configFor(stage: string): unknown[] {
  const set: unknown[] = [];
  const args = {
    stage,
    actions: { setWebpackConfig: (config: unknown) => set.push(config) },
    plugins: { normalModuleReplacement: (pattern: RegExp, replacement: string) => ({ pattern, replacement }) },
  } as unknown as Args;
  browserBundleConfig(args);
  return set;
}

describe("the browser bundle of Gatsby's runtime, which no page loads", () => {
  it('gets an empty component for each template and no minifier, in the browser build only', () => {
    expect(configFor('build-javascript')).toEqual([
      { plugins: [{ pattern: TEMPLATE_MODULE, replacement: EMPTY_TEMPLATE }], optimization: { minimize: false } },
    ]);
    for (const stage of ['build-html', 'develop', 'develop-html']) expect(configFor(stage)).toEqual([]);
    expect(fs.existsSync(EMPTY_TEMPLATE)).toBe(true);
  });

  it('matches every template and nothing else', () => {
    const templates = fs
      .readdirSync(path.resolve('src/templates'))
      .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'));
    expect(templates.length).toBeGreaterThan(10);
    for (const name of templates) expect(TEMPLATE_MODULE.test(path.resolve('src/templates', name))).toBe(true);
    for (const other of ['src/components/layout.tsx', 'src/templates/template-data.ts', 'widgets/cart/cart.tsx'])
      expect(TEMPLATE_MODULE.test(path.resolve(other))).toBe(false);
  });
});
