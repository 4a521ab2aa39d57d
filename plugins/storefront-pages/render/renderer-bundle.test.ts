import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from './no-head-parser';
import { NO_HEAD_PARSER, rendererWebpackConfig } from './renderer-bundle';

function configFor(stage: string): unknown[] {
  const set: unknown[] = [];
  rendererWebpackConfig({ stage, actions: { setWebpackConfig: (config: unknown) => set.push(config) } } as never);
  return set;
}

describe("the HTML renderer's bundle", () => {
  it("gets a stand-in for Gatsby's head parser, in the renderer build only", () => {
    expect(configFor('build-html')).toEqual([{ resolve: { alias: { 'node-html-parser': NO_HEAD_PARSER } } }]);
    for (const stage of ['build-javascript', 'develop', 'develop-html']) expect(configFor(stage)).toEqual([]);
    expect(fs.existsSync(NO_HEAD_PARSER)).toBe(true);
    expect(() => parse()).toThrow(/A template exports Head/);
  });

  it('is only safe while no template exports a Head', () => {
    const templates = fs
      .readdirSync(path.resolve('src/templates'))
      .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'));
    expect(templates.length).toBeGreaterThan(10);
    for (const name of templates)
      expect(fs.readFileSync(path.resolve('src/templates', name), 'utf8'), name).not.toMatch(
        /export\s+(const|function)\s+Head\b/,
      );
  });
});
