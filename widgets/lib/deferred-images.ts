/**
 * Images inside closed menu panels are rendered with `data-src` only (src/shell/header/nav-product.tsx):
 * browsers fetch even lazy images of hidden panels, which would cost every page some forty requests no shopper
 * sees. The panel's island gives them their `src` when the panel first opens.
 */
export function loadDeferredImages(root: ParentNode): void {
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>('img[data-src]'))) {
    image.src = image.dataset['src'] ?? '';
    image.removeAttribute('data-src');
  }
}
