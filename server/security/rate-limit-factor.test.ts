import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { testImei } from '../test-support/fixtures';
import { Errno } from '../errors';
import { RATE_RULES } from './rate-limit';

/**
 * RATE_LIMIT_ADDRESS_FACTOR: a test store whose browsers share one address gives each address that many times its
 * allowance (the warranty check's 20 lookups in 10 minutes, here), and still refuses past it.
 */
describe.each(drivers)('a per-address allowance under RATE_LIMIT_ADDRESS_FACTOR (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { RATE_LIMIT_ADDRESS_FACTOR: 2 });
  });
  afterAll(async () => server?.close());

  it('lets one address make twice the lookups, then answers 429', async () => {
    const allowance = RATE_RULES.warrantyCheck.max * 2;
    const client = new Client(server.base);
    const statuses: number[] = [];
    for (let i = 0; i <= allowance; i++) {
      const answer = await client.call(`/api/id/warranty/check?number=${testImei()}`);
      statuses.push(answer.status === 429 && answer.body.errno === Errno.RATE_LIMITED ? 429 : answer.status);
    }
    expect(statuses.slice(0, allowance).every((s) => s === 200)).toBe(true);
    expect(statuses[allowance]).toBe(429);
  });
});
