import { describe, expect, it } from 'vitest';
import { dayIn, warrantyMonthsFor, warrantyOn, warrantyUntil } from './warranty';
import { checkNumbers, lookupNumber } from './device-numbers';
import { sameUnits, shipmentUnits } from './shipment-units';
import { unitWarranty, type VouchedRow } from './warranty-basis';
import { isSerialised } from './serialised';
import { purchaseDateProblem } from './purchase-date';

const IMEI = '490154203237518';

describe('device rules', () => {
  it("gives a unit its country's warranty months, a refurbished one its own 12", () => {
    expect(warrantyMonthsFor('id', null)).toBe(12);
    expect(warrantyMonthsFor('de', null)).toBe(24);
    expect(warrantyMonthsFor('fr', null)).toBe(24);
    expect(warrantyMonthsFor('de', { warrantyMonths: 12 })).toBe(12);
    expect(warrantyMonthsFor('de', {})).toBe(12);
  });

  it('ends a warranty on the day with the same number in the last month, or that month’s last day', () => {
    expect(warrantyUntil('2025-03-14', 24)).toBe('2027-03-14');
    expect(warrantyUntil('2025-03-14', 12)).toBe('2026-03-14');
    expect(warrantyUntil('2025-01-31', 1)).toBe('2025-02-28');
    expect(warrantyUntil('2023-01-31', 13)).toBe('2024-02-29');
    expect(warrantyUntil('2025-11-30', 3)).toBe('2026-02-28');
    expect(warrantyUntil('2025-12-15', 12)).toBe('2026-12-15');
  });

  it('is in warranty through its last day, expired after it, not started on the way, unknown unrecorded', () => {
    const basis = { start: '2025-03-14', months: 12 };
    expect(warrantyOn(basis, '2026-03-14')).toEqual({ status: 'in_warranty', until: '2026-03-14' });
    expect(warrantyOn(basis, '2026-03-15')).toEqual({ status: 'expired', until: '2026-03-14' });
    expect(warrantyOn({ start: null, months: 12 }, '2026-03-15')).toEqual({ status: 'not_started', until: null });
    expect(warrantyOn(null, '2026-03-15')).toEqual({ status: 'unknown', until: null });
  });

  it("counts the delivery day in the country's own time zone", () => {
    // 20:00 UTC on 14 March is already 15 March in Jakarta (UTC+7) and still 14 March in Berlin.
    expect(dayIn('id', Date.UTC(2025, 2, 14, 20))).toBe('2025-03-15');
    expect(dayIn('de', Date.UTC(2025, 2, 14, 20))).toBe('2025-03-14');
  });

  it('takes an IMEI with its check digit and a serial of 8-20 letters and digits, as printed', () => {
    expect(checkNumbers('49-0154 2032-37518', undefined)).toEqual({ ok: true, numbers: { imei: IMEI, serial: null } });
    expect(checkNumbers(undefined, 'ab12-cd34ef')).toEqual({ ok: true, numbers: { imei: null, serial: 'AB12CD34EF' } });
    expect(checkNumbers('490154203237519', undefined)).toMatchObject({ ok: false, field: 'imei', fault: 'checksum' });
    expect(checkNumbers('4901542032375', undefined)).toMatchObject({ ok: false, field: 'imei', fault: 'format' });
    expect(checkNumbers(undefined, 'SHORT')).toMatchObject({ ok: false, field: 'serial', fault: 'format' });
    expect(checkNumbers('', '')).toMatchObject({ ok: false, field: 'imei', fault: 'required' });
    expect(lookupNumber(' 4901 5420 3237 518 ')).toBe(IMEI);
    expect(lookupNumber('x')).toBeNull();
    expect(lookupNumber("1' OR '1'='1")).toBeNull();
  });

  it('names every unit of a line once, well formed, or none', () => {
    const ok = shipmentUnits([
      { lineNo: 1, quantity: 2, units: [{ imei: IMEI }, { serial: 'SN00000001' }] },
      { lineNo: 2, quantity: 3 },
    ]);
    expect(ok.ok && [...ok.byLine.keys()]).toEqual([1]);
    expect(shipmentUnits([{ lineNo: 1, quantity: 2, units: [{ imei: IMEI }] }])).toEqual({
      ok: false,
      problem: 'count',
    });
    expect(shipmentUnits([{ lineNo: 1, quantity: 1, units: [{ imei: '490154203237519' }] }])).toEqual({
      ok: false,
      problem: 'number',
    });
    expect(
      shipmentUnits([
        { lineNo: 1, quantity: 1, units: [{ imei: IMEI }] },
        { lineNo: 2, quantity: 1, units: [{ imei: IMEI }] },
      ]),
    ).toEqual({ ok: false, problem: 'duplicate' });
    const a = shipmentUnits([{ lineNo: 1, quantity: 1, units: [{ imei: IMEI }] }]);
    const b = shipmentUnits([{ lineNo: 1, quantity: 1, units: [{ serial: 'SN00000001' }] }]);
    if (!a.ok || !b.ok) throw new Error('valid units refused');
    expect(sameUnits(a.byLine, a.byLine)).toBe(true);
    expect(sameUnits(a.byLine, b.byLine)).toBe(false);
  });

  it("takes a unit's warranty from the store's latest sale, else from the earliest purchase staff verified", () => {
    const row = (over: Partial<VouchedRow>): VouchedRow => ({
      local: 'id',
      model: 'Xiaomi 15',
      imei: IMEI,
      serial: null,
      source: 'shipment',
      purchase_date: null,
      delivered_at: new Date(Date.UTC(2025, 0, 10, 3)),
      warranty_months: 12,
      refurbished: false,
      created_at: new Date(Date.UTC(2025, 0, 8)),
      ...over,
    });
    const registered = row({ source: 'registration', purchase_date: '2024-06-01', delivered_at: null });
    expect(unitWarranty([registered])).toMatchObject({ start: '2024-06-01', months: 12 });
    expect(
      unitWarranty([registered, row({ source: 'registration', purchase_date: '2025-02-01', delivered_at: null })]),
    ).toMatchObject({ start: '2024-06-01' });
    expect(unitWarranty([registered, row({})])).toMatchObject({ start: '2025-01-10' });
    const resold = row({
      model: 'Xiaomi 15 (refurbished)',
      refurbished: true,
      created_at: new Date(Date.UTC(2025, 5, 1)),
      delivered_at: null,
    });
    expect(unitWarranty([row({}), resold])).toMatchObject({ start: null, refurbished: true });
    expect(unitWarranty([])).toBeNull();
  });

  it('numbers phones, tablets, wearables, scooters, TVs, appliances and refurbished units, not accessories', () => {
    for (const c of ['phones', 'tablets', 'wearables', 'scooters', 'tvs', 'appliances', 'refurbished'])
      expect(isSerialised(c)).toBe(true);
    expect(isSerialised('accessories')).toBe(false);
  });

  it('takes purchase dates from 2010 until today', () => {
    expect(purchaseDateProblem('2026-01-02', '2026-01-01')).toBe('future');
    expect(purchaseDateProblem('2009-12-31', '2026-01-01')).toBe('old');
    expect(purchaseDateProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});
