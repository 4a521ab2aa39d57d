/**
 * The storefronts' page builds, in the order they were selected. A build of many storefronts runs them on a
 * thread of its own: on the main thread, our page builders and Gatsby's createPage calls took turns on one core
 * (26 s for all 63 storefronts on 2 cores, the other core idle); on the page-build thread the builders run
 * beside the createPage calls of the storefronts built before. A build of a few storefronts (a release manager's
 * one-country change) runs them here, since the thread's start (loading the sources and the content) would cost
 * more than it saves.
 */
import { on } from 'node:events';
import path from 'node:path';
import type { Storefront } from '../../../region-config';
import { startTypeScriptWorker } from '../ts-worker';
import { buildStorefrontPages, type BuiltStorefront, type PageBuildInputs } from './storefront-page-build';

export type PageBuildMessage = { built: BuiltStorefront } | { done: true } | { error: string };

/**
 * From this many storefronts on, the builds run on the page-build thread. Its start costs about as much as it saves
 * on 8 storefronts (cold createPages of 8: 3.9 and 4.2 s on the thread, 3.4 and 4.1 s here); on all 63 it saves 12 s.
 */
export const THREAD_FROM = 12;

const WORKER_FILE = path.join(__dirname, 'page-build-worker.ts');

/** Starts the page-build thread at once; its storefronts come out of the returned iterator as they are built. */
function onThread(selected: readonly Storefront[]): AsyncGenerator<BuiltStorefront> {
  const worker = startTypeScriptWorker(WORKER_FILE, { storefronts: selected.map((s) => s.urlLocal) });
  // Listening from the start: messages that come before the caller asks for them wait here. A thread error ends
  // the iteration with that error; an exit ends it, which is a failure unless the thread said it was done.
  const messages = on(worker, 'message', { close: ['exit'] });
  async function* built(): AsyncGenerator<BuiltStorefront> {
    try {
      for await (const [message] of messages as AsyncIterable<[PageBuildMessage]>) {
        if ('error' in message) throw new Error(message.error);
        if ('done' in message) return;
        yield message.built;
      }
      throw new Error('the page-build thread exited before it had built every storefront');
    } finally {
      void worker.terminate();
    }
  }
  return built();
}

async function* onThisThread(
  selected: readonly Storefront[],
  inputs: () => PageBuildInputs,
): AsyncGenerator<BuiltStorefront> {
  const shared = inputs();
  for (const storefront of selected) yield buildStorefrontPages(storefront, shared);
}

/**
 * Starts building the selected storefronts, in order. A page-build thread starts at once, so it loads while the
 * caller validates; `inputs` is called only when the storefronts are built on this thread (the page-build thread
 * reads its own from the content folder).
 */
export function startPageBuilds(
  selected: readonly Storefront[],
  inputs: () => PageBuildInputs,
): AsyncGenerator<BuiltStorefront> {
  return selected.length >= THREAD_FROM ? onThread(selected) : onThisThread(selected, inputs);
}
