/** `npm run strings:widgets`: rewrites widgets/string-keys.json from the islands' code (see string-keys.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { scanStringKeys, stringKeysFile, stringKeysJson } from './string-keys';

const scan = scanStringKeys();
if (scan.problems.length > 0) {
  console.error(`Keys that cannot be listed:\n${scan.problems.join('\n')}`);
  process.exit(1);
}
fs.writeFileSync(stringKeysFile, stringKeysJson(scan));
const total = Object.values(scan.islands).reduce((n, island) => n + island.keys.length, 0);
console.log(
  `${path.relative(process.cwd(), stringKeysFile)}: ${total} keys over ${Object.keys(scan.islands).length} islands`,
);
