import QRCode from 'qrcode';

/** White modules around the code, as the QR standard asks, so a phone's camera finds its edges. */
const QUIET_ZONE = 4;

/**
 * A payload drawn as a scannable QR code (an SVG of one path): any phone's camera reads back `payload`. The
 * `qrcode` package encodes it (mode, version and error correction chosen for the text); we only draw the modules,
 * synchronously, so a provider's answer carries its picture without another round.
 */
export function sandboxQrSvg(payload: string): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const cells: string[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (modules.get(y, x)) cells.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
  const side = size + 2 * QUIET_ZONE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" ` +
    `role="img"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${cells.join('')}"/></svg>`
  );
}
