import { describe, expect, it } from 'vitest';
import { accountQuotaBreak, UPLOAD_QUOTA } from './quota';

const empty = { files: 0, bytes: 0, pendingFiles: 0, pendingBytes: 0 };

describe('accountQuotaBreak', () => {
  it('names the first limit a new file would break, or null', () => {
    expect(accountQuotaBreak(empty, 1000)).toBeNull();
    expect(
      accountQuotaBreak({ ...empty, files: UPLOAD_QUOTA.pendingFiles, pendingFiles: UPLOAD_QUOTA.pendingFiles }, 1),
    ).toBe('pending');
    expect(
      accountQuotaBreak(
        {
          ...empty,
          files: 1,
          bytes: UPLOAD_QUOTA.pendingBytes - 10,
          pendingFiles: 1,
          pendingBytes: UPLOAD_QUOTA.pendingBytes - 10,
        },
        11,
      ),
    ).toBe('pending');
    // Attached files count toward the account's quota, not the waiting one.
    expect(accountQuotaBreak({ ...empty, files: 30, bytes: UPLOAD_QUOTA.accountBytes - 10 }, 10)).toBeNull();
    expect(accountQuotaBreak({ ...empty, files: 30, bytes: UPLOAD_QUOTA.accountBytes - 10 }, 11)).toBe('account');
    expect(accountQuotaBreak({ ...empty, files: UPLOAD_QUOTA.accountFiles, bytes: 1000 }, 1)).toBe('account');
  });
});
