/**
 * Images inside closed menu panels are rendered with `data-src` (and `data-srcset`) only
 * (src/components/panel-image.tsx): browsers fetch even lazy images of hidden panels, which would cost every page
 * some forty requests no shopper sees. The panel's island gives them their addresses when the panel first opens.
 */
export function loadDeferredImages(root: ParentNode): void {
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>('img[data-src]'))) {
    // srcset first: set after src, it could not stop the browser fetching the 1x picture for a dense screen.
    if (image.dataset['srcset']) image.srcset = image.dataset['srcset'];
    image.src = image.dataset['src'] ?? '';
    image.removeAttribute('data-src');
    image.removeAttribute('data-srcset');
  }
}
