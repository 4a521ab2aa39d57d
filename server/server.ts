import { buildApp } from './app';
import { readEnv } from './config';

/** Starts the API and the static sites on HOST:PORT; SIGINT/SIGTERM close it gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  const app = await buildApp();
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Give in-flight requests up to 10 s; then stop anyway.
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
