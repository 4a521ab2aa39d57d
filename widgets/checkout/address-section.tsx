import { t } from '../lib/strings';
import { AddressForm, OutdatedAddress } from '../lib/address-form';
import { addressLine, type AddressBook } from '../request/address-api';
import type { SectionProps } from './checkout-state';

/** Where the order goes: one of the saved addresses, or a new one (the form opens by itself when there is none). */
export function AddressSection({ c, s, b }: Pick<SectionProps, 'c' | 's'> & { b: AddressBook }) {
  return (
    <fieldset class="checkout__section" aria-invalid={c.errors.value['addressId'] ? 'true' : undefined}>
      <legend>{t(s, 'checkout.address')}</legend>
      {b.addresses.map((a) => (
        <label class="choice" key={a.id}>
          <input
            type="radio"
            name="addressId"
            value={a.id}
            checked={c.addressId.value === a.id}
            onChange={() => (c.addressId.value = a.id)}
          />
          <span>
            <strong translate={false}>{a.recipient}</strong> · {a.phone}
            <br />
            {addressLine(a)}
            <OutdatedAddress address={a} strings={s} />
          </span>
        </label>
      ))}
      {c.adding.value ? (
        <AddressForm
          form={b.form}
          strings={s}
          onSaved={(a) => {
            c.book.value = { ...b, addresses: [...b.addresses, a] };
            c.addressId.value = a.id;
            c.adding.value = false;
          }}
          onCancel={b.addresses.length > 0 ? () => (c.adding.value = false) : undefined}
        />
      ) : b.addresses.length < b.max ? (
        <button
          type="button"
          class="button button--secondary"
          onClick={() => (c.adding.value = true)}
          data-testid="checkout-add-address"
        >
          {t(s, 'address.add')}
        </button>
      ) : null}
    </fieldset>
  );
}
