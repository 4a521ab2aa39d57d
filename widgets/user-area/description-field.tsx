import type { Signal } from '@preact/signals';

/** What the shopper says happened, in an after-sales request or an insurance claim: 6–300 characters, counted. */
export function DescriptionField({
  id,
  label,
  value,
  invalid,
}: {
  id: string;
  label: string;
  value: Signal<string>;
  invalid: 'true' | undefined;
}) {
  return (
    <div class="field">
      <label for={id}>{label} *</label>
      <textarea
        id={id}
        name="description"
        minLength={6}
        maxLength={300}
        rows={4}
        value={value.value}
        aria-invalid={invalid}
        onInput={(e) => (value.value = (e.target as HTMLTextAreaElement).value)}
      />
      <small>{value.value.trim().length}/300</small>
    </div>
  );
}
