import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { AddressForm, OutdatedAddress } from '../lib/address-form';
import { addressApi, addressLine, type Address } from '../request/address-api';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';

type Props = HostProps<'user-area'>;

/** /user/address: the address book of this country (at most 11): add, edit, delete, choose the default. */
export function AddressBook({ props }: { props: Props }) {
  const s = props.strings;
  const editing = useSignal<Address | 'new' | null>(null);
  const message = useSignal('');
  const book = useResource(() => addressApi.list(), { strings: s, error: message });
  const act = useSubmit((fn: () => Promise<unknown>) => fn(), {
    strings: s,
    error: message,
    onSuccess: () => book.reload(),
  });
  const b = book.data.value;
  if (!b) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (editing.value) {
    return (
      <AddressForm
        form={b.form}
        strings={s}
        initial={editing.value === 'new' ? undefined : editing.value}
        onSaved={() => {
          editing.value = null;
          void book.reload();
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
            <OutdatedAddress address={a} strings={s} />
            <span class="form-actions">
              <button type="button" class="button button--secondary" onClick={() => (editing.value = a)}>
                {t(s, 'address.edit')}
              </button>
              {a.isDefault ? null : (
                <button
                  type="button"
                  class="button button--secondary"
                  onClick={() => void act.run(() => addressApi.makeDefault(a.id))}
                >
                  {t(s, 'address.makeDefault')}
                </button>
              )}
              <button
                type="button"
                class="button button--secondary"
                onClick={() => void act.run(() => addressApi.remove(a.id))}
              >
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
