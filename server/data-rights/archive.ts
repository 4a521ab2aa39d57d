import { ARCHIVE_PARTS } from '../repositories/data-archive';
import type { DataExportsRepository } from '../repositories/data-exports';
import { VERSION } from '../config';

/** The archive's format: raise it when a part changes its shape, so a reader can tell. */
export const ARCHIVE_FORMAT = 1;

/**
 * A shopper's data as one JSON document: what it is, when it was made, and every part (table) with its rows.
 * Secrets (password hash, tokens, provider references, card tokens) and file bytes are left out.
 */
export async function buildArchive(exports: DataExportsRepository, userId: number): Promise<Buffer> {
  const parts = await exports.read(userId);
  const document = {
    format: ARCHIVE_FORMAT,
    made_at: new Date().toISOString(),
    store_version: VERSION,
    parts: ARCHIVE_PARTS.map((p) => p.name),
    ...parts,
  };
  return Buffer.from(JSON.stringify(document, null, 1));
}
