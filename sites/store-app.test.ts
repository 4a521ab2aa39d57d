import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appStorePage } from './store-app';

const snapshots = path.resolve(__dirname, '../content/snapshots/header-footer');

describe("the app's store pages", () => {
  it("are the footer's Google Play link of every storefront, so the notice and the footer never disagree", () => {
    const files = fs.readdirSync(snapshots).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const hf = JSON.parse(fs.readFileSync(path.join(snapshots, file), 'utf8')) as {
        footer: { app: { googlePlayUrl: string } };
      };
      expect(hf.footer.app.googlePlayUrl, file).toBe(appStorePage('android'));
    }
  });

  it('names one https page per platform', () => {
    expect(new URL(appStorePage('android')).hostname).toBe('play.google.com');
    expect(new URL(appStorePage('ios')).hostname).toBe('apps.apple.com');
  });
});
