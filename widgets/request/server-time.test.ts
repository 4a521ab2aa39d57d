import { beforeEach, describe, expect, it } from 'vitest';
import { isServerTimeKnown, noteServerTime, resetServerTime, serverNow, serverTimeFromHeaders } from './server-time';

describe('server time learnt from X-Server-Time', () => {
  beforeEach(() => resetServerTime());

  it('keeps the offset between the server clock and the device clock', () => {
    expect(isServerTimeKnown()).toBe(false);
    noteServerTime(1_000_000 + 60_000, 1_000_000, 40);
    expect(isServerTimeKnown()).toBe(true);
    expect(serverNow(2_000_000)).toBe(2_060_000);
  });

  it('prefers the sample with the shorter round trip, until it is five minutes old', () => {
    noteServerTime(1_000_500, 1_000_000, 20); // offset +500
    noteServerTime(1_003_000, 1_001_000, 3_000); // a slow answer: offset +2000, less precise
    expect(serverNow(2_000_000)).toBe(2_000_500);
    noteServerTime(1_401_000 + 700, 1_401_000, 3_000); // five minutes later any sample replaces it
    expect(serverNow(2_000_000)).toBe(2_000_700);
  });

  it('reads ms, seconds, then the Date header', () => {
    expect(serverTimeFromHeaders(new Headers({ 'x-server-time': '1767225600123' }))).toBe(1767225600123);
    expect(serverTimeFromHeaders(new Headers({ 'x-server-time': '1767225600' }))).toBe(1767225600000);
    expect(serverTimeFromHeaders(new Headers({ date: 'Thu, 01 Jan 2026 00:00:00 GMT' }))).toBe(Date.UTC(2026, 0, 1));
    expect(serverTimeFromHeaders(new Headers())).toBeNull();
  });
});
