/**
 * Raster renditions of the pictures pages show, for the build's pages and for the islands alike.
 *
 * The content snapshots keep each picture as one SVG (`/images/products/<id>.svg`): that is the source the build
 * rasterises, once per width below, into WebP files beside it (`/images/products/<id>.w480.webp`,
 * plugins/storefront-pages/post-build/image-renditions.ts). Pages show the renditions: a browser decodes a raster
 * image off the main thread, while every SVG `<img>` is a document of its own that it creates, lays out and paints
 * on the main thread, 5 to 40 ms each in a load trace of /id/smart-home/ on this machine (four times that on the
 * phone Lighthouse simulates), even for a 32 px social icon. Only the brand's mark has its own pipeline
 * (post-build/icons/), and inline SVG in the HTML (header icons) costs no document.
 */

/** The widths (pixels) each folder is rendered at: the 1x and 2x of every size a page shows it at. */
export const renditionWidths = {
  products: [96, 160, 240, 480, 800, 1200],
  banners: [480, 800, 1200, 1440],
  categories: [64, 128],
  icons: [24, 48],
  social: [32, 64],
  app: [96, 192],
  legal: [80, 120, 160, 240],
  labels: [48, 96, 192],
} as const satisfies Record<string, readonly number[]>;

export type RasterisedFolder = keyof typeof renditionWidths;

const SOURCE = new RegExp(`^/images/(${Object.keys(renditionWidths).join('|')})/([a-zA-Z0-9-]+)\\.svg$`);

/** The folder and name of a source the build rasterises, or null for any other image (left as it is). */
export function rasterSource(src: string): { folder: RasterisedFolder; name: string } | null {
  const match = SOURCE.exec(src);
  return match ? { folder: match[1] as RasterisedFolder, name: match[2]! } : null;
}

/** The address of one rendition. A dot cannot occur in a picture's name, so `.w480` never meets another one. */
export function renditionPath(folder: RasterisedFolder, name: string, width: number): string {
  return `/images/${folder}/${name}.w${width}.webp`;
}

/** The smallest rendition at least `pixels` wide, or the largest there is. */
function widthFor(widths: readonly number[], pixels: number): number {
  return widths.find((w) => w >= pixels) ?? widths[widths.length - 1]!;
}

/** What an `<img>` needs to show a picture: `srcSet` and `sizes` only where there is a choice. */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * An image shown at a fixed CSS width: the rendition for 1× screens and the one for 2× and denser ones.
 * @example fixedImage('/images/products/xiaomi-15t.svg', 240)
 *   // { src: '/images/products/xiaomi-15t.w240.webp', srcSet: '….w240.webp 1x, ….w480.webp 2x' }
 */
export function fixedImage(src: string, cssWidth: number): ImageSources {
  const source = rasterSource(src);
  if (!source) return { src };
  const widths = renditionWidths[source.folder];
  const [one, two] = [widthFor(widths, cssWidth), widthFor(widths, cssWidth * 2)];
  const at = (width: number) => renditionPath(source.folder, source.name, width);
  return one === two ? { src: at(one) } : { src: at(one), srcSet: `${at(one)} 1x, ${at(two)} 2x` };
}

/**
 * An image whose width follows the layout: every rendition with its width, and `sizes` (the CSS width the
 * layout gives it) so that the browser fetches one rendition, chosen for the screen, before layout.
 * @example fluidImage('/images/banners/home.svg', '(min-width: 1440px) 1440px, 100vw')
 */
export function fluidImage(src: string, sizes: string): ImageSources {
  const source = rasterSource(src);
  if (!source) return { src };
  const widths = renditionWidths[source.folder];
  const at = (width: number) => renditionPath(source.folder, source.name, width);
  return { src: at(widthFor(widths, Infinity)), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '), sizes };
}

/** The rendition to give other sites (Open Graph, structured data): the largest, since most of them read no SVG. */
export function sharedImage(src: string): string {
  const source = rasterSource(src);
  if (!source) return src;
  return renditionPath(source.folder, source.name, widthFor(renditionWidths[source.folder], Infinity));
}
