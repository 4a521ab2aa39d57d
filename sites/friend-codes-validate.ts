/** Node-side check of sites/friend-codes.json (ajv stays out of the browser's bundles). */
import { regionSettings } from '../region-config';
import { RegionConfigError, ajvIssues, getAjv } from '../region-config/validate';
import friendCodesJson from './friend-codes.json';
import { FRIEND_CODES_FILE, friendCountriesAreKnown, type FriendCodesFile } from './friend-codes';
import { friendCodesFileSchema } from './friend-codes.schema';

/**
 * Validates the friend-code programme (default: friend-codes.json): schema and countries. That its coupons exist is
 * checked against the coupons snapshot by sites/friend-codes.test.ts (sites/ does not read content/).
 */
export function validateFriendCodes(
  data: unknown = friendCodesJson,
  file: string = FRIEND_CODES_FILE,
): FriendCodesFile {
  const validate = getAjv().compile(friendCodesFileSchema);
  if (!validate(data)) {
    const issues = ajvIssues(validate.errors);
    const first = issues[0] ?? { path: '', message: 'invalid' };
    throw new RegionConfigError(file, first.path, first.message, issues);
  }
  const codes = data as FriendCodesFile;
  const issues = friendCountriesAreKnown(codes, new Set(regionSettings.map((r) => r.local)));
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return codes;
}
