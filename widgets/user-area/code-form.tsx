import type { Signal } from '@preact/signals';

/**
 * The "type a code" form of the account screens (coupon codes, F-codes): upper-cases as typed, then the screen's
 * result line. `id` names the input for its label and for tests.
 */
export function CodeForm({
  id,
  label,
  button,
  maxLength,
  code,
  message,
  onSubmit,
  testId,
}: {
  id: string;
  label: string;
  button: string;
  maxLength: number;
  code: Signal<string>;
  message: string;
  onSubmit: () => void;
  testId: string;
}) {
  return (
    <>
      <form
        class="form-actions"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label for={id}>{label}</label>
        <input
          id={id}
          name="code"
          value={code.value}
          autoComplete="off"
          maxLength={maxLength}
          onInput={(e) => (code.value = (e.target as HTMLInputElement).value.toUpperCase())}
        />
        <button type="submit" class="button">
          {button}
        </button>
      </form>
      <p role="status" data-testid={testId}>
        {message}
      </p>
    </>
  );
}
