import type { FastifyInstance } from 'fastify';

/** A periodic clean-up job (expired rows, old counters). Every process runs them; they are idempotent. */
export interface MaintenanceTask {
  name: string;
  everyMs: number;
  /**
   * Also once as soon as the server is ready (work a crash may have left behind); the others wait for their interval,
   * so boots stay quick.
   */
  atStart?: boolean;
  run(): Promise<void>;
}

/** Runs each task on its interval until the app closes, one run of a task at a time. */
export function installMaintenance(app: FastifyInstance, tasks: MaintenanceTask[]): void {
  const running = new Map<string, Promise<void>>();
  let closing = false;
  const runOnce = (task: MaintenanceTask) => {
    if (closing || running.has(task.name)) return;
    const run = task
      .run()
      .catch((err: unknown) => app.log.warn({ err, task: task.name }, 'maintenance task failed'))
      .finally(() => running.delete(task.name));
    running.set(task.name, run);
  };
  const timers = tasks.map((task) => {
    const timer = setInterval(() => runOnce(task), task.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook('onReady', (done) => {
    for (const task of tasks) if (task.atStart) runOnce(task);
    done();
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    // A run under way finishes before the database closes under it.
    await Promise.all(running.values());
  });
}
