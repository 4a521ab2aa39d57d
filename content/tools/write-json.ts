import fs from 'node:fs';
import path from 'node:path';

/** Writes pretty JSON; price offers stay on one line each so products.json remains reviewable. */
export function writeJson(file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = JSON.stringify(data, null, 2).replace(
    /\{\n\s*"currency": ("[A-Z]{3}"),\n\s*"salePrice": ([\d.]+),\n\s*"marketPrice": ([\d.]+),\n\s*"stock": (\d+)\n\s*\}/g,
    '{ "currency": $1, "salePrice": $2, "marketPrice": $3, "stock": $4 }',
  );
  fs.writeFileSync(file, `${text}\n`);
}

export function writeText(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
