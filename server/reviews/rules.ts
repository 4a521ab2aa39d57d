/** The review rules in one place: rating required (1–5), text up to 2000 characters, up to 5 photos. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;
/** Review photos are images only (uploads: jpg, jpeg, png); a proof-of-purchase pdf is refused. */
export const REVIEW_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

/**
 * The name an anonymous review shows (anonymous review posting hides the full username): the first and last
 * characters around three stars, so "Budi" reads "B***i"; a one-character name keeps only its character.
 * @example maskName('Budi') // 'B***i'
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The name shown with a review, fixed when it is posted. */
export function authorName(nickname: string, userId: number, anonymous: boolean): string {
  const name = Array.from(nickname.trim()).slice(0, 60).join('') || `user${userId}`;
  return anonymous ? maskName(name) : name;
}

export interface ReviewInput {
  score: number | undefined;
  text: string;
  uploadIds: readonly string[];
}

/** The fields at fault in a new review, by name (empty when it may be posted). */
export function reviewProblems(input: ReviewInput): Record<string, 'required' | 'length' | 'tooMany'> {
  const fields: Record<string, 'required' | 'length' | 'tooMany'> = {};
  if (input.score === undefined || !Number.isInteger(input.score) || input.score < 1 || input.score > 5)
    fields['score'] = 'required';
  if (Array.from(input.text).length > REVIEW_TEXT_MAX) fields['text'] = 'length';
  if (input.uploadIds.length > REVIEW_PHOTOS_MAX) fields['uploadIds'] = 'tooMany';
  return fields;
}
