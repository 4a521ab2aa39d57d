import type { ComponentChildren } from 'preact';
import type { Signal } from '@preact/signals';

/**
 * The last step of a payment method: what went wrong (announced, as an alert) above the one button that starts,
 * confirms or pays. Every method's screen ends with it, so the message sits where a shopper and a screen reader
 * expect it and the browser tests find it by the same test id.
 */
export function PayStep({
  message,
  busy,
  disabled = false,
  onPay,
  testId,
  children,
}: {
  message: Signal<string>;
  busy: Signal<boolean>;
  disabled?: boolean;
  onPay: () => void;
  testId: string;
  /** The button's label. */
  children: ComponentChildren;
}) {
  return (
    <>
      <p role="alert" class="form-message" data-testid="payment-message">
        {message.value}
      </p>
      <button
        type="button"
        class="button button--primary"
        disabled={busy.value || disabled}
        onClick={onPay}
        data-testid={testId}
      >
        {children}
      </button>
    </>
  );
}
