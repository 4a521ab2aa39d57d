/**
 * Resolves in a new task of the event loop, so what follows does not lengthen the current task. Islands whose
 * modules arrive together (they share the Preact chunk) would otherwise all mount in the task that evaluated it:
 * one long task instead of several short ones, and long tasks are what delay a shopper's first tap (and what
 * Lighthouse's Total Blocking Time counts). scheduler.yield keeps the island's priority where Chromium has it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
