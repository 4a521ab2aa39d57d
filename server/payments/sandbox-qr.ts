import { createHash } from 'node:crypto';

const SIZE = 25;

/**
 * The sandbox's QR picture of a payload: a 25×25 grid with the three finder squares of a QR code and modules drawn
 * from the payload's SHA-256, so each payment shows its own code. It is a picture for the sandbox flow, not a
 * scannable QR (that takes an encoder such as the `qrcode` package, which the store does not carry yet); the
 * sandbox page approves the payment instead of a wallet scanning it.
 */
export function sandboxQrSvg(payload: string): string {
  const bits: boolean[] = [];
  let block = createHash('sha256').update(payload).digest();
  while (bits.length < SIZE * SIZE) {
    for (const byte of block) for (let i = 0; i < 8; i++) bits.push(((byte >> i) & 1) === 1);
    block = createHash('sha256').update(block).digest();
  }
  const finder = (x: number, y: number) => {
    for (const [fx, fy] of [
      [0, 0],
      [SIZE - 7, 0],
      [0, SIZE - 7],
    ] as const) {
      const dx = x - fx;
      const dy = y - fy;
      if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7) {
        const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
        return ring !== 1;
      }
      if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) return false;
    }
    return null;
  };
  const cells: string[] = [];
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) if (finder(x, y) ?? bits[y * SIZE + x]) cells.push(`M${x + 2} ${y + 2}h1v1h-1z`);
  const side = SIZE + 4;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" ` +
    `role="img"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${cells.join('')}"/></svg>`
  );
}
