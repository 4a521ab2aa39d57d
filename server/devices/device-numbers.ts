import { imeiProblem } from '../orders/trade-in-value';

/** A device's numbers as the store keeps them: the IMEI (15 digits) and the serial number (8-20 letters, digits). */
export interface DeviceNumbers {
  imei: string | null;
  serial: string | null;
}

/** The serial number's form: 8-20 capital letters and digits once spaces and dashes are gone. */
const SERIAL = /^[A-Z0-9]{8,20}$/;

/** A number as printed on a box or typed: spaces and dashes dropped, letters capitalised. */
export const normaliseNumber = (raw: string): string => raw.replace(/[\s-]/g, '').toUpperCase();

/** What is wrong with an IMEI (after normalising): its form or its Luhn check digit; null when it is valid. */
export const imeiFault = (imei: string): 'format' | 'checksum' | null => imeiProblem(imei);

/** Whether a (normalised) serial number has the store's form. */
export const isSerial = (serial: string): boolean => SERIAL.test(serial);

/**
 * The numbers a unit is given (a shipment's or a registration's): at least one, an IMEI of 15 digits with its
 * check digit and a serial of the serial's form. The fault names the field.
 */
export function checkNumbers(
  imeiRaw: string | undefined | null,
  serialRaw: string | undefined | null,
):
  | { ok: true; numbers: DeviceNumbers }
  | { ok: false; field: 'imei' | 'serial'; fault: 'required' | 'format' | 'checksum' } {
  const imei = imeiRaw ? normaliseNumber(imeiRaw) : '';
  const serial = serialRaw ? normaliseNumber(serialRaw) : '';
  if (!imei && !serial) return { ok: false, field: 'imei', fault: 'required' };
  if (imei) {
    const fault = imeiFault(imei);
    if (fault) return { ok: false, field: 'imei', fault };
  }
  if (serial && !isSerial(serial)) return { ok: false, field: 'serial', fault: 'format' };
  return { ok: true, numbers: { imei: imei || null, serial: serial || null } };
}

/**
 * A number typed into the warranty check: either form may be given, so a lookup matches both columns. Null when the
 * text could be neither (the check then refuses the request instead of answering "unknown").
 */
export function lookupNumber(raw: string): string | null {
  const number = normaliseNumber(raw);
  return /^[0-9]{15}$/.test(number) || isSerial(number) ? number : null;
}
