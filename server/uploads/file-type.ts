/** The upload rules: jpg, jpeg, png and pdf, each under 10 MB, at most 5 per request. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024 - 1;
export const UPLOADS_PER_REQUEST = 5;
export type UploadType = 'image/jpeg' | 'image/png' | 'application/pdf';

const EXTENSIONS: Record<string, UploadType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** What the bytes are, from their signature (never from the name or the declared type), or null. */
export function sniffType(bytes: Uint8Array): UploadType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 5 && starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

/** The type a file name promises (by extension), or null when the extension is not allowed. */
export function typeOfName(name: string): UploadType | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

/**
 * Checks a file against the upload rules: an allowed extension, under 10 MB, not empty, and bytes that are what the
 * name says
 * (a renamed executable is refused). Returns the type, or why not.
 */
export function checkUpload(
  name: string,
  bytes: Uint8Array,
): { ok: true; type: UploadType } | { ok: false; reason: 'type' | 'size' | 'content' } {
  const byName = typeOfName(name);
  if (!byName) return { ok: false, reason: 'type' };
  if (bytes.length === 0 || bytes.length > UPLOAD_MAX_BYTES) return { ok: false, reason: 'size' };
  const byBytes = sniffType(bytes);
  if (byBytes !== byName) return { ok: false, reason: 'content' };
  return { ok: true, type: byBytes };
}

/** A file name safe to show and to send in Content-Disposition: letters, digits, dot, dash, underscore; 100 at most. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return base.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'file';
}
