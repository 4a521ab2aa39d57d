/**
 * Rasterises the content's SVG pictures into the WebP renditions pages show (sites/image-renditions.ts says which
 * folders and widths, and why). A rendition is drawn again only when its source's bytes changed since it was
 * drawn (a record in .cache), so a rebuild after a price change draws nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { renditionPath, renditionWidths, type RasterisedFolder } from '../../../sites/image-renditions';
import { writeIfChanged } from './write-if-changed';

/**
 * Flat art keeps clean edges and text at quality 82 (a 240 px product is 1 KB, the 1440 px home banner
 * 10 KB). Effort 2, not the default 4: measured on 20 products at all their widths, 1.1 s instead of 2.5 s on
 * this 2-core machine for 7% more bytes (effort 6 took 23 s for 2% fewer), and the cold build pays it.
 */
const WEBP = { quality: 82, effort: 2 } as const;
/** Pictures drawn at once: libvips already spreads one picture over the cores. */
const CONCURRENCY = 4;

export interface RenditionsResult {
  sources: number;
  drawn: number;
  bytes: number;
}

/** Each source drawn ('products/xiaomi-15t.svg') and a digest of the bytes it was drawn from. */
type DrawnSources = { [source: string]: string };

const digest = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);

function readRecord(file: string): DrawnSources {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as DrawnSources;
  } catch {
    return {};
  }
}

/** One source drawn at one width: the SVG rendered at the density that gives that width, never scaled up after. */
async function draw(svg: Buffer, intrinsicWidth: number, width: number): Promise<Buffer> {
  const density = Math.max(1, (72 * width) / intrinsicWidth);
  return sharp(svg, { density }).resize({ width }).webp(WEBP).toBuffer();
}

async function inPool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/**
 * Writes every rendition of the SVGs in the rasterised folders of `imagesSource` (content/images) to its
 * address below `publicDir`; `recordFile` remembers what was drawn from which bytes.
 * @throws naming the file when an SVG cannot be drawn (a bad snapshot stops the build).
 */
export async function writeImageRenditions(
  imagesSource: string,
  publicDir: string,
  recordFile: string,
): Promise<RenditionsResult> {
  const record = readRecord(recordFile);
  const next: DrawnSources = {};
  const result: RenditionsResult = { sources: 0, drawn: 0, bytes: 0 };
  const jobs: { file: string; svg: Buffer; folder: RasterisedFolder; name: string }[] = [];
  for (const folder of Object.keys(renditionWidths) as RasterisedFolder[]) {
    const dir = path.join(imagesSource, folder);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.svg'))
      .sort()) {
      const key = `${folder}/${file}`;
      const svg = fs.readFileSync(path.join(dir, file));
      const hash = digest(svg);
      next[key] = hash;
      result.sources++;
      const name = file.slice(0, -'.svg'.length);
      const targets = renditionWidths[folder].map((w) => path.join(publicDir, renditionPath(folder, name, w)));
      if (record[key] !== hash || !targets.every((t) => fs.existsSync(t)))
        jobs.push({ file: path.join(dir, file), svg, folder, name });
    }
  }
  await inPool(jobs, async ({ file, svg, folder, name }) => {
    let intrinsicWidth: number;
    try {
      intrinsicWidth = (await sharp(svg).metadata()).width ?? 0;
      if (!intrinsicWidth) throw new Error('no width');
    } catch (error) {
      throw new Error(
        `${path.relative(process.cwd(), file)}: cannot be drawn as an image (${(error as Error).message})`,
      );
    }
    for (const width of renditionWidths[folder]) {
      const bytes = await draw(svg, intrinsicWidth, width);
      const target = path.join(publicDir, renditionPath(folder, name, width));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, bytes);
      result.drawn++;
      result.bytes += bytes.length;
    }
  });
  writeIfChanged(recordFile, `${JSON.stringify(next, null, 1)}\n`);
  return result;
}
