import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { AddressForm } from '../address/address-form';
import { addressApi, addressLine, type Address, type AddressBook as Book } from '../address/address-api';
import { failure } from '../lib/failure';

type Props = HostProps<'user-area'>;

/** /user/address: the address book of this country (at most 11): add, edit, delete, choose the default. */
export function AddressBook({ props }: { props: Props }) {
  const s = props.strings;
  const book = useSignal<Book | null>(null);
  const editing = useSignal<Address | 'new' | null>(null);
  const message = useSignal('');
  const load = () =>
    addressApi.list().then(
      (b) => (book.value = b),
      (e: unknown) => (message.value = failure(e, s).message),
    );
  useEffect(() => void load(), []);
  const b = book.value;
  if (!b) return <p>{message.value || t(s, 'common.loading')}</p>;
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await load();
    } catch (e) {
      message.value = failure(e, s).message;
    }
  };
  if (editing.value) {
    return (
      <AddressForm
        form={b.form}
        strings={s}
        initial={editing.value === 'new' ? undefined : editing.value}
        onSaved={() => {
          editing.value = null;
          void load();
        }}
        onCancel={() => (editing.value = null)}
      />
    );
  }
  return (
    <section class="address-book" data-testid="address-book">
      {b.addresses.length === 0 ? <p>{t(s, 'address.none')}</p> : null}
      <ul>
        {b.addresses.map((a) => (
          <li key={a.id} data-address={a.id}>
            <strong>{a.recipient}</strong> · {a.phone} {a.isDefault ? <em>({t(s, 'address.default')})</em> : null}
            <br />
            {addressLine(a)}
            <span class="form-actions">
              <button type="button" class="button button--secondary" onClick={() => (editing.value = a)}>
                {t(s, 'address.edit')}
              </button>
              {a.isDefault ? null : (
                <button type="button" class="button button--secondary" onClick={() => void act(() => addressApi.makeDefault(a.id))}>
                  {t(s, 'address.makeDefault')}
                </button>
              )}
              <button type="button" class="button button--secondary" onClick={() => void act(() => addressApi.remove(a.id))}>
                {t(s, 'address.delete')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {b.addresses.length < b.max ? (
        <button type="button" class="button" onClick={() => (editing.value = 'new')} data-testid="address-add">
          {t(s, 'address.add')}
        </button>
      ) : (
        <p>{t(s, 'address.error.limit', { count: b.max })}</p>
      )}
      <p role="alert">{message.value}</p>
    </section>
  );
}
