import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import type { Storefront } from '../../storefront';

/**
 * The error of a request whose files were refused: none sent (a proof or photo is required), or not the shopper's own
 * unattached uploads. The one answer the repair, return and claim forms give, naming the `uploadIds` field.
 */
export function filesRefused(storefront: Storefront, reason: 'proof_required' | 'uploads'): ApiError {
  return reason === 'proof_required'
    ? new ApiError(Errno.INVALID_PARAM, message(storefront, 'aftersales.error.proof'), 400, {
        fields: { uploadIds: 'required' },
      })
    : new ApiError(Errno.UPLOAD_REFUSED, message(storefront, 'aftersales.error.uploads'), 200, {
        fields: { uploadIds: 'invalid' },
      });
}
