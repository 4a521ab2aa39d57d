import { describe, expect, it } from 'vitest';
import { readQrSvg } from '../test-support/qr-reader';
import { sandboxQrSvg } from './sandbox-qr';

describe('the sandbox QR code', () => {
  it.each(['SANDBOX-QRIS|apay_abcdefghijklmnopqrstuvwx|1250000|IDR', 'upi://pay?pa=store@sandbox&am=499.00&cu=INR'])(
    'is read back by a QR decoder: %s',
    (payload) => {
      expect(readQrSvg(sandboxQrSvg(payload))).toBe(payload);
    },
  );

  it('draws another code for another payment', () => {
    expect(sandboxQrSvg('SANDBOX-QRIS|a|1|IDR')).not.toBe(sandboxQrSvg('SANDBOX-QRIS|b|1|IDR'));
  });
});
