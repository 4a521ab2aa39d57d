const MB = 1024 * 1024;

/**
 * How much uploaded files (proofs of purchase, review photos, business documents: one `uploads` table) may take,
 * in one place. Every limit is checked when a file is stored; a refusal is the upload's "quota" error.
 */
export const UPLOAD_QUOTA = {
  /**
   * Files waiting to be attached to a request, review or application (pruned after a day): the largest form takes
   * 5 files, so 20 leave room for second thoughts while one account cannot park much.
   */
  pendingFiles: 20,
  pendingBytes: 60 * MB,
  /**
   * Everything one account stores, attached or waiting, in every storefront. Attached files live as long as their
   * request, review or application, so without this an account could keep adding business applications and reviews
   * country by country (the probe stored 236 MB in five). 200 MB is twenty 10 MB files: a few requests, an
   * application and full photo sets of several reviews; staff see the use in the console.
   */
  accountBytes: 200 * MB,
  /** Many tiny files cost rows and index entries beyond their bytes. */
  accountFiles: 500,
  /**
   * Bytes stored from one client address (its key in security/client-address.ts) per UTC day, whichever account
   * stores them: fresh accounts from one address are no way around the account quota. Counted when stored and
   * never given back, so deleting and uploading again does not reset it. 100 MB is more than one account may even
   * park at once, and leaves room for a household or an office behind one address.
   */
  addressBytesPerDay: 100 * MB,
} as const;

/** Which limit refused a file. */
export type UploadQuotaKind = 'pending' | 'account' | 'address';

/** What one account stores: all its files, and those waiting to be attached. */
export interface StorageUse {
  files: number;
  bytes: number;
  pendingFiles: number;
  pendingBytes: number;
}

/** The limit a new file of `size` bytes would break for an account using `use`, or null when it fits. */
export function accountQuotaBreak(use: StorageUse, size: number): Exclude<UploadQuotaKind, 'address'> | null {
  if (use.pendingFiles >= UPLOAD_QUOTA.pendingFiles || use.pendingBytes + size > UPLOAD_QUOTA.pendingBytes)
    return 'pending';
  if (use.files >= UPLOAD_QUOTA.accountFiles || use.bytes + size > UPLOAD_QUOTA.accountBytes) return 'account';
  return null;
}
