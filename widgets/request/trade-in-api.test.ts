import { describe, expect, it } from 'vitest';
import { imeiProblem, stateKey, TRADE_IN_STATES, daysAfter } from './trade-in-api';

describe('trade-in screen helpers', () => {
  it('checks the IMEI as the server does: 15 digits, Luhn, spaces and dashes ignored', () => {
    expect(imeiProblem('490154203237518')).toBeNull();
    expect(imeiProblem('49-015420-323751-8')).toBeNull();
    expect(imeiProblem('49 0154 2032 3751 8')).toBeNull();
    expect(imeiProblem('490154203237517')).toBe('checksum');
    expect(imeiProblem('49015420323751')).toBe('format');
    expect(imeiProblem('4901542032375180')).toBe('format');
    expect(imeiProblem('49015420323751x')).toBe('format');
  });

  it('names every state with a catalogue key the catalogue pattern allows', () => {
    for (const state of TRADE_IN_STATES) expect(stateKey(state)).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9-]+)+$/);
    expect(stateKey('not_evaluated')).toBe('tradeIn.state.notEvaluated');
    expect(stateKey('picked_up')).toBe('tradeIn.state.pickedUp');
  });

  it('counts the days of the trade-in timing from a moment', () => {
    expect(daysAfter(Date.UTC(2026, 0, 1), 16)).toBe(Date.UTC(2026, 0, 17));
  });
});
