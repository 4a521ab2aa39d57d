import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { StaffApi, StorageUse } from './staff-api';

type Strings = Record<string, string> | undefined;

const lang = () => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined);
/** Bytes as megabytes in the page's language. */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(lang(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );

/**
 * What an account stores as uploaded files (all storefronts) against its quota, as a <dt>/<dd> pair of a detail
 * list; nothing when the e-mail has no account.
 * @example <dl><StorageLine s={s} api={calls} email={ticket.email} /></dl>
 */
export function StorageLine({ s, api, email }: { s: Strings; api: StaffApi; email: string }) {
  const use = useSignal<StorageUse | null>(null);
  useEffect(() => {
    use.value = null;
    api.storage({ email }).then(
      (r) => (use.value = r),
      () => undefined,
    );
  }, [email]);
  const u = use.value;
  if (!u) return null;
  return (
    <>
      <dt>{t(s, 'console.storage')}</dt>
      <dd data-testid="staff-storage" data-bytes={u.bytes}>
        {t(s, 'console.storageUse', {
          used: megabytes(u.bytes),
          quota: megabytes(u.quota.bytes),
          count: u.files,
        })}{' '}
        · {t(s, 'console.storageFiles', { count: u.files })} ·{' '}
        {t(s, 'console.storagePending', { count: u.pendingFiles })}
      </dd>
    </>
  );
}
