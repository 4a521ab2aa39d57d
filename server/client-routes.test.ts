import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientRouteMatcher } from './client-routes';

describe('clientRouteMatcher', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  fs.mkdirSync(path.join(root, 'id/user/message'), { recursive: true });
  fs.writeFileSync(path.join(root, 'id/user/message/index.html'), '<p>messages</p>');
  fs.writeFileSync(
    path.join(root, '_routes.json'),
    JSON.stringify([{ pattern: '/id/user/message/:id', page: '/id/user/message/' }]),
  );
  const match = clientRouteMatcher(root);

  it('serves the page of a matching client route', () => {
    expect(match('/id/user/message/42')).toBe(path.join(root, 'id/user/message/index.html'));
    expect(match('/id/user/message/42/')).toBe(path.join(root, 'id/user/message/index.html'));
  });

  it('matches one segment per parameter only', () => {
    expect(match('/id/user/message/42/extra')).toBeUndefined();
    expect(match('/de/user/message/42')).toBeUndefined();
    expect(match('/id/user/message/')).toBeUndefined();
  });
});
