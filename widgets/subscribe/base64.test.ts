import { describe, expect, it } from 'vitest';
import { toBase64 } from './base64';

describe('subscribe email encoding', () => {
  it('base64-encodes UTF-8', () => {
    expect(toBase64('a@b.co')).toBe(Buffer.from('a@b.co').toString('base64'));
    expect(toBase64('ü@b.de')).toBe(Buffer.from('ü@b.de').toString('base64'));
  });
});
