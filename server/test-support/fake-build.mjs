// A fast stand-in for the project's build (RELEASE_BUILD_COMMAND in the release console's tests): writes a page per
// storefront of REGIONS into BUILD_WORK_DIR with the build record publish.ts reads, printing Gatsby-like lines.
// FAKE_BUILD_MS: how long it takes; FAKE_BUILD_FAIL=1: it fails half-way, as a broken snapshot would.
import fs from 'node:fs';
import path from 'node:path';

const codes = (process.env.REGIONS ?? '').split(',').filter(Boolean);
const work = process.env.BUILD_WORK_DIR;
const ms = Number(process.env.FAKE_BUILD_MS ?? 300);
const total = codes.length * 10;
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

console.log('> storefront@0.1.0 build:sites');
for (const code of codes) console.log(`\u001b[2Ksuccess storefront ${code} - 0.100s - 10 pages`);
for (let step = 1; step <= 5; step += 1) {
  await sleep(ms / 5);
  console.log(`@@progress {"phase":"rendering","pagesDone":${step * 2 * codes.length},"pagesTotal":${total}}`);
  if (step === 3 && process.env.FAKE_BUILD_FAIL === '1') {
    console.error('Error: page /de/ failed to render: snapshot products.json /products/3: must be number');
    process.exit(1);
  }
}
for (const code of codes) {
  fs.mkdirSync(path.join(work, code), { recursive: true });
  fs.writeFileSync(path.join(work, code, 'index.html'), `<h1>${code}</h1> ${Date.now()} ${Math.random()}\n`);
}
fs.writeFileSync(
  path.join(work, '.build-inputs.json'),
  JSON.stringify({ codeFiles: {}, sharedFiles: {}, storefronts: {}, lastBuilt: codes }),
);
console.log(`success Building static HTML for pages - 0.5s - ${total}/${total} 20/s`);
