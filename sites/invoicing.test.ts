import { describe, expect, it } from 'vitest';
import { invoicingIssues, invoicingRules } from './invoicing';

describe('invoicing per country', () => {
  it('has a complete, valid seller for every country the store sells in', () => {
    expect(invoicingIssues()).toEqual([]);
  });

  it('invoices at payment by default and at shipment where configured', () => {
    expect(invoicingRules('de')?.trigger).toBe('paid');
    expect(invoicingRules('us')?.trigger).toBe('shipped');
    expect(invoicingRules('xx')).toBeNull();
  });

  it("gives India's seller a state, since CGST+SGST or IGST depends on it", () => {
    expect(invoicingRules('in')?.seller.state).toBe('Karnataka');
  });
});
