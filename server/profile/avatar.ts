import sharp from 'sharp';
import type { AvatarFile } from '../repositories/profile';

/** The sizes the pages show an avatar at (menu 48, account card 96 and 192 on dense screens), square WebP. */
export const AVATAR_SIZES = [48, 96, 192] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];
/**
 * Decoding stops past this many pixels: a small file can declare a huge image (a decompression bomb); 40 megapixels
 * is more than any phone camera's photo.
 */
export const AVATAR_MAX_PIXELS = 40_000_000;

/**
 * The avatar in every size: centred square crop, turned upright by its EXIF orientation, metadata (GPS position,
 * camera) dropped. Null when the bytes are not a decodable image.
 */
export async function resizeAvatar(bytes: Buffer): Promise<AvatarFile[] | null> {
  try {
    const source = sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' }).rotate();
    return await Promise.all(
      AVATAR_SIZES.map(async (size) => ({
        size,
        bytes: await source.clone().resize(size, size, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    return null;
  }
}
