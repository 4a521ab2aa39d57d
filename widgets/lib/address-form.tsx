import { useSignal } from '@preact/signals';
import { t } from './strings';
import { useSubmit } from './use-submit';
import { addressApi, type Address, type AddressBook, type AddressField } from '../request/address-api';
import { site } from '../state/site';
import { COUNTRY_FORMATS, normalisePostalCode, postalCodeHasFormat } from '../../region-config/postal-formats';

/** The field errors the server's address rules name (region-config/address-rules.ts); another shows as `required`. */
const ERRORS = ['required', 'tooLong', 'leadingBlank', 'phone', 'postalCode', 'postalState', 'state'] as const;
type AddressError = (typeof ERRORS)[number];
const errorOf = (error: string): AddressError =>
  (ERRORS as readonly string[]).includes(error) ? (error as AddressError) : 'required';

/**
 * The text of a field error: a postal code or phone number in the wrong form names the country's form by an example
 * (the table the server checks with, region-config/postal-formats.ts).
 */
export function addressErrorText(s: Record<string, string> | undefined, local: string, error: string): string {
  const reason = errorOf(error);
  const format = COUNTRY_FORMATS[local];
  if (reason === 'postalCode' && format?.postal)
    return t(s, 'address.format.postalCode', { example: format.postal.example });
  if (reason === 'phone' && format) return t(s, 'address.format.phone', { example: format.phoneExample });
  return t(s, `address.error.${reason}`);
}

/** The note on an address saved under older rules that the country's form now refuses. */
export function OutdatedAddress({
  address,
  strings: s,
}: {
  address: Address;
  strings: Record<string, string> | undefined;
}) {
  return address.invalidFields?.length ? (
    <small class="field__error" data-testid="address-outdated">
      {t(s, 'address.format.outdated')}
    </small>
  ) : null;
}

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  recipient: 'name',
  phone: 'tel',
  street: 'address-line1',
  building: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
};

/** The example of the country's form as a placeholder of the postal code and phone fields. */
function placeholderOf(local: string, field: AddressField): string | undefined {
  const format = COUNTRY_FORMATS[local];
  if (field === 'postalCode') return format?.postal?.example;
  return field === 'phone' ? format?.phoneExample : undefined;
}

/**
 * The address form of the storefront's country (fields, required ones and states come from the server's rules,
 * region-config/address-rules.ts). The server checks every rule of the address form and marks the fields at fault.
 */
export function AddressForm({
  form,
  strings: s,
  initial,
  onSaved,
  onCancel,
}: {
  form: AddressBook['form'];
  strings: Record<string, string> | undefined;
  initial?: Address;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}) {
  const values = useSignal<Partial<Record<AddressField, string>>>(initial ? { ...initial } : {});
  const isDefault = useSignal(initial?.isDefault ?? false);
  const errors = useSignal<Record<string, string>>({});
  const saving = useSubmit(
    () =>
      addressApi.save({
        ...Object.fromEntries(form.fields.map((f) => [f, values.value[f] ?? ''])),
        ...(initial ? { id: initial.id } : {}),
        isDefault: isDefault.value,
      }),
    {
      strings: s,
      onSuccess: onSaved,
      onFailure: (f) => (errors.value = f.fields),
    },
  );
  const message = saving.error;
  const busy = saving.busy;

  const local = site.value.local;
  const submit = (e: Event) => {
    e.preventDefault();
    // The postal code's form is checked here too, so a wrong one is named before a round trip; the server checks
    // it again, and the phone's numbering plan, which is too heavy to ship to the browser.
    const postal = values.value.postalCode ?? '';
    if (form.fields.includes('postalCode') && postal.trim() && !postalCodeHasFormat(local, postal)) {
      errors.value = { postalCode: 'postalCode' };
      return;
    }
    void saving.run();
  };

  return (
    <form class="address-form" onSubmit={submit} noValidate data-testid="address-form">
      {form.fields.map((field) => {
        const id = `address-${field}`;
        const error = errors.value[field];
        const required = form.required.includes(field);
        const common = {
          id,
          name: field,
          required,
          'aria-invalid': error ? ('true' as const) : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          value: values.value[field] ?? '',
          onInput: (ev: Event) => (values.value = { ...values.value, [field]: (ev.target as HTMLInputElement).value }),
          // The postal code shows in the country's form as soon as it is typed ("1234ab" → "1234 AB").
          onBlur:
            field === 'postalCode'
              ? () =>
                  (values.value = {
                    ...values.value,
                    postalCode: normalisePostalCode(local, values.value.postalCode ?? ''),
                  })
              : undefined,
        };
        return (
          <div class="field" key={field}>
            <label for={id}>
              {t(s, `address.field.${field}`)}
              {required ? ' *' : ''}
            </label>
            {field === 'state' && form.states ? (
              <select {...common} autoComplete={AUTOCOMPLETE[field]}>
                <option value="">{t(s, 'address.chooseState')}</option>
                {form.states.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={field === 'phone' ? 'tel' : 'text'}
                placeholder={placeholderOf(local, field)}
                autoComplete={AUTOCOMPLETE[field]}
                maxLength={field === 'recipient' ? 50 : 120}
              />
            )}
            {error ? (
              <small id={`${id}-error`} class="field__error">
                {addressErrorText(s, local, error)}
              </small>
            ) : null}
          </div>
        );
      })}
      <label class="field field--check">
        <input
          type="checkbox"
          name="isDefault"
          checked={isDefault.value}
          onChange={(ev) => (isDefault.value = (ev.target as HTMLInputElement).checked)}
        />
        {t(s, 'address.makeDefault')}
      </label>
      <p role="alert" class="form-message">
        {message.value}
      </p>
      <div class="form-actions">
        <button type="submit" class="button" disabled={busy.value}>
          {t(s, 'address.save')}
        </button>
        {onCancel ? (
          <button type="button" class="button button--secondary" onClick={onCancel}>
            {t(s, 'common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
