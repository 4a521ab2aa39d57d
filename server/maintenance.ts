import type { FastifyInstance } from 'fastify';

/** A periodic clean-up job (expired rows, old counters). Every process runs them; they are idempotent. */
export interface MaintenanceTask {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** Runs each task on its interval (not at start, so tests and boots stay quick) until the app closes. */
export function installMaintenance(app: FastifyInstance, tasks: MaintenanceTask[]): void {
  const timers = tasks.map((task) => {
    const timer = setInterval(() => {
      task.run().catch((err: unknown) => app.log.warn({ err, task: task.name }, 'maintenance task failed'));
    }, task.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
