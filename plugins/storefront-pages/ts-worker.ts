import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript file of this build. The build's own sources are TypeScript loaded through
 * tsx (gatsby-node.js registers it on the main thread), and a worker starts without it, so it registers tsx first.
 */
export function startTypeScriptWorker(file: string, workerData: unknown): Worker {
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(file)});`, { eval: true, workerData });
}
