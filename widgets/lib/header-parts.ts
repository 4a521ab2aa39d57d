import { headerPanelsPath } from '../contract';
import { adoptStyles } from './styles';

const panelFiles = new Map<string, Promise<Document | null>>();

/** The storefront's panels file, fetched once per page however many islands ask; null when it cannot be had. */
function panelsFile(urlLocal: string): Promise<Document | null> {
  let file = panelFiles.get(urlLocal);
  if (!file) {
    file = fetch(headerPanelsPath(urlLocal), { credentials: 'same-origin' })
      .then(async (response) =>
        response.ok ? new DOMParser().parseFromString(await response.text(), 'text/html') : null,
      )
      .catch(() => null);
    // A failed load is not kept: the next island (or the next open) tries again.
    void file.then((doc) => doc ?? panelFiles.delete(urlLocal));
    panelFiles.set(urlLocal, file);
  }
  return file;
}

/**
 * Fills the empty header-panel boxes under `root` (src/shell/header/header-part.tsx) with their content from the
 * storefront's panels file. A box whose part the file lacks (a page older than the file) stays empty, and the
 * links around it keep working; resolves to the number of boxes filled.
 */
export async function fillHeaderParts(root: ParentNode, urlLocal: string): Promise<number> {
  const boxes = Array.from(root.querySelectorAll<HTMLElement>('[data-header-part]')).filter(
    (box) => box.childElementCount === 0,
  );
  if (boxes.length === 0) return 0;
  const file = await panelsFile(urlLocal);
  if (!file) return 0;
  // The panels are styled by the file itself, not by every page's CSS.
  const styles = file.querySelector('style[data-header-panels]')?.textContent;
  if (styles) adoptStyles('header-panels', styles);
  let filled = 0;
  for (const box of boxes) {
    const part = box.getAttribute('data-header-part') ?? '';
    const source = Array.from(file.querySelectorAll<HTMLElement>('[data-header-part]')).find(
      (el) => el.getAttribute('data-header-part') === part,
    );
    if (!source || !box.isConnected) continue;
    box.replaceChildren(...Array.from(source.childNodes, (node) => document.importNode(node, true)));
    filled += 1;
  }
  return filled;
}
