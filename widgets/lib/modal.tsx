import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { onBackPress, type BackPressHandler } from './app-bridge/back-press';

/** The modal closes 200 ms after the request, so its closing transition can run. */
export const MODAL_CLOSE_DELAY_MS = 200;

let locks = 0;
/** Page scroll is locked while any modal is open. */
function lockScroll(on: boolean): void {
  locks = Math.max(0, locks + (on ? 1 : -1));
  document.documentElement.style.overflow = locks > 0 ? 'hidden' : '';
}

/**
 * The modal's part in the app's back press: it closes, and counts as handled even while its closing transition runs
 * (a second press then is still the modal's, not a page back).
 */
export function modalBackPress(
  dialog: () => Pick<Element, 'hasAttribute'> | null,
  close: () => void,
): BackPressHandler {
  return () => {
    if (!dialog()?.hasAttribute('data-closing')) close();
    return true;
  };
}

interface ModalProps {
  open: boolean;
  title: string;
  /** The close button's accessible name, in the page's language (the caller's catalogue text). */
  closeLabel: string;
  onClose: () => void;
  children: ComponentChildren;
  class?: string;
}

/**
 * A modal on the native <dialog> (focus kept inside, Escape, top layer, announced as a dialog; in the store app the
 * phone's back button too). onClose fires after the 200 ms close delay.
 */
export function Modal({ open, title, closeLabel, onClose, children, class: cls }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const requestClose = () => {
    const dialog = ref.current;
    dialog?.setAttribute('data-closing', '');
    setTimeout(() => {
      dialog?.removeAttribute('data-closing');
      onClose();
    }, MODAL_CLOSE_DELAY_MS);
  };
  const latestClose = useRef(requestClose);
  latestClose.current = requestClose;
  // Registered while open, after whatever was open under it, so the app's back press closes the modal first.
  useEffect(() => {
    if (!open) return;
    return onBackPress(
      modalBackPress(
        () => ref.current,
        () => latestClose.current(),
      ),
    );
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    dialog.showModal();
    lockScroll(true);
    return () => {
      lockScroll(false);
      if (dialog.open) dialog.close();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      class={`store-modal ${cls ?? ''}`}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
    >
      <div class="store-modal__header">
        <h2 class="store-modal__title">{title}</h2>
        <button type="button" class="store-modal__close" aria-label={closeLabel} onClick={requestClose}>
          ×
        </button>
      </div>
      <div class="store-modal__body">{children}</div>
    </dialog>
  );
}
