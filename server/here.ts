import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server/ folder on disk. tsx runs this package as CommonJS (no "type": "module"), vitest as ESM:
 * __dirname exists in the first, import.meta.url in the second.
 */
export const serverDir: string =
  typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
