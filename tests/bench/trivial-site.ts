/**
 * The baseline of `npm run bench:build`: a trivial Gatsby 5 site with a given number of pages (one template, a
 * heading and a paragraph from page context, no plugins), built from this project's node_modules in a temp dir,
 * so both builds run with the same Gatsby, the same machine and the same hour.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes the trivial site and returns its folder. */
export function writeTrivialSite(pages: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trivial-gatsby-'));
  fs.mkdirSync(path.join(dir, 'src', 'templates'), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'trivial',
      private: true,
      version: '1.0.0',
      dependencies: { gatsby: '*', react: '*', 'react-dom': '*' },
    }),
  );
  fs.writeFileSync(path.join(dir, 'gatsby-config.js'), `module.exports = { trailingSlash: 'always', plugins: [] };\n`);
  fs.writeFileSync(
    path.join(dir, 'gatsby-node.js'),
    `const path = require('path');
exports.createPages = ({ actions }) => {
  for (let i = 0; i < ${pages}; i += 1) {
    actions.createPage({ path: '/p/' + i + '/', component: path.resolve('src/templates/page.js'), ` +
      `context: { title: 'Page ' + i, text: 'Text of page ' + i } });
  }
};
`,
  );
  fs.writeFileSync(
    path.join(dir, 'src', 'templates', 'page.js'),
    `import * as React from 'react';
export default function Page({ pageContext }) {
  return React.createElement('main', null, React.createElement('h1', null, pageContext.title), ` +
      `React.createElement('p', null, pageContext.text));
}
export const Head = ({ pageContext }) => React.createElement('title', null, pageContext.title);
`,
  );
  return dir;
}
