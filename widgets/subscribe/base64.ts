/** Base64 of a UTF-8 string (the subscribe call sends the address base64-encoded). */
export function toBase64(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
