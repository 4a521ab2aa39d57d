/**
 * The phone's back button or gesture in the app: the app first asks the page (`window.__storeAppBackPress()`), and the
 * page closes the innermost thing open on it (a modal over the slide menu closes first), answering 'handled'; with
 * nothing open it answers 'not-handled' and the app goes back a page. Whatever opens registers while it is open, so
 * the last one registered is the innermost. No imports: the modal and the slide menu carry this into their chunks.
 */

/** Closes what its owner has open and answers true, or answers false when it has nothing open after all. */
export type BackPressHandler = () => boolean;

export type BackPressAnswer = 'handled' | 'not-handled';

const handlers: BackPressHandler[] = [];

/**
 * Registers what closes on back press while it is open; call the returned function when it closes.
 * @example useEffect(() => (open ? onBackPress(() => (close(), true)) : undefined), [open]);
 */
export function onBackPress(handler: BackPressHandler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.lastIndexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

/** Offers the back press to the innermost open thing first; one that throws is passed over. */
export function handleBackPress(): BackPressAnswer {
  for (const handler of [...handlers].reverse()) {
    try {
      if (handler()) return 'handled';
    } catch {
      // A broken handler must not keep the shopper from going back.
    }
  }
  return 'not-handled';
}

/** The page function the app calls; installed only inside the app. */
export function installBackPressAnswer(w: Window & { __storeAppBackPress?: () => BackPressAnswer }): () => void {
  w.__storeAppBackPress = handleBackPress;
  return () => {
    if (w.__storeAppBackPress === handleBackPress) delete w.__storeAppBackPress;
  };
}
