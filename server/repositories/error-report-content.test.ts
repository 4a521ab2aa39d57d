import { describe, expect, it } from 'vitest';
import { readReport, sourceOf } from './error-report-content';
import { fingerprint } from './error-reports';

const PAGE = 'https://shop.example/de/product/x/';

describe('reading an errsave report', () => {
  it("takes the message and the first stack frame's file, line and column from an island's report", () => {
    const content = JSON.stringify({
      level: 'error',
      message: "Cannot read properties of undefined (reading 'price')",
      stack:
        "TypeError: Cannot read properties of undefined (reading 'price')\n" +
        '    at renderLine (https://shop.example/widgets/cart.3f2a91bc.js:12:345)\n' +
        '    at https://shop.example/widgets/runtime.js:1:2',
    });
    const read = readReport(content, PAGE);
    expect(read).toEqual({
      message: "Cannot read properties of undefined (reading 'price')",
      file: '/widgets/cart.3f2a91bc.js',
      line: 12,
      column: 345,
    });
    expect(sourceOf(read)).toBe('/widgets/cart.3f2a91bc.js:12:345');
  });

  it('reads Firefox and Safari frames, plain-text reports, and a script of another origin by its address', () => {
    const firefox = JSON.stringify({ message: 'x is null', stack: 'add@https://shop.example/w/a.js:7:21\n' });
    expect(sourceOf(readReport(firefox, PAGE))).toBe('/w/a.js:7:21');
    const text = 'ReferenceError: y is not defined\n    at https://cdn.other.example/lib.js:3:9';
    expect(readReport(text, PAGE)).toEqual({
      message: 'ReferenceError: y is not defined',
      file: 'https://cdn.other.example/lib.js',
      line: 3,
      column: 9,
    });
  });

  it("falls back to the error event's file and line, and to no source at all", () => {
    const event = JSON.stringify({ message: 'Script error.', source: 'https://shop.example/app.js', line: 4 });
    expect(sourceOf(readReport(event, PAGE))).toBe('/app.js:4');
    const bare = JSON.stringify({ message: 'LIVECHAT_ERROR', code: 'LIVECHAT_ERROR' });
    expect(readReport(bare, PAGE)).toEqual({ message: 'LIVECHAT_ERROR', file: null, line: null, column: null });
    expect(sourceOf(readReport(bare, PAGE))).toBeNull();
    // A report cut in the middle of its JSON is read as text.
    expect(readReport('{"message":"cut', PAGE).message).toBe('{"message":"cut');
  });

  it('groups one message thrown in one file together, whatever the line, page or chunk hash', () => {
    const report = (message: string, frame: string) => ({
      urlLocal: 'de',
      content: JSON.stringify({ message, stack: `Error\n    at f (${frame})` }),
    });
    const a = fingerprint(report('x is undefined', 'https://shop.example/widgets/cart.3f2a91bc.js:12:3'));
    expect(fingerprint(report('x is undefined', 'https://shop.example/widgets/cart.3f2a91bc.js:80:9'))).toBe(a);
    expect(fingerprint(report('x is undefined', 'https://shop.example/widgets/cart.77aa00ee.js:12:3'))).toBe(a);
    expect(fingerprint(report('y is undefined', 'https://shop.example/widgets/cart.3f2a91bc.js:12:3'))).not.toBe(a);
    expect(fingerprint(report('x is undefined', 'https://shop.example/widgets/checkout.js:12:3'))).not.toBe(a);
    expect(
      fingerprint({ ...report('x is undefined', 'https://shop.example/widgets/cart.js:1:1'), urlLocal: 'fr' }),
    ).not.toBe(fingerprint(report('x is undefined', 'https://shop.example/widgets/cart.js:1:1')));
  });
});
