import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionSettings } from '../region-config/regions';
import { TABLE_END, TABLE_START, methodCell, methodsTable, withTable } from './payment-methods-table';

describe("README's table of payment methods per country", () => {
  it('is the one written from sites/payment-methods.json (npx tsx sites/tools/payment-methods-table.ts)', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');
    expect(readme).toContain(TABLE_START);
    expect(readme).toContain(TABLE_END);
    expect(withTable(readme, methodsTable(regionSettings.map((r) => r.local)))).toBe(readme);
  });

  it('names each method with its limits, fee, refusals and needs', () => {
    expect(methodCell({ method: 'ewallet', wallet: 'gopay', max: 20_000_000 })).toBe('gopay (max 20,000,000)');
    expect(methodCell({ method: 'konbini', store: 'lawson', max: 300_000, fee: 330 })).toBe(
      'konbini lawson (max 300,000; fee 330)',
    );
    expect(methodCell({ method: 'cod', min: 100, max: 5_000, presale: false, excludeCategories: ['gift-cards'] })).toBe(
      'cod (from 100; max 5,000; not gift-cards; no pre-orders)',
    );
    expect(methodCell({ method: 'apple_pay', needs: 'payment_request' })).toBe('apple_pay (browser support)');
    expect(methodCell({ method: 'card' })).toBe('card');
  });

  it('lists the listed countries in the file order, then every other country on the default list', () => {
    const table = methodsTable(['xx', 'aa', 'bb'], {
      default: [{ method: 'card' }],
      countries: { aa: { currency: 'AAA', methods: [{ method: 'cod', max: 10 }] } },
    }).split('\n');
    expect(table.slice(2)).toEqual(['| aa | AAA | cod (max 10) |', '| all others (xx, bb) |  | card |']);
  });

  it('leaves a README without its markers alone', () => {
    expect(withTable('# no table here', 'x')).toBeNull();
  });
});
