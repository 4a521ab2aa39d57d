import { fixedImage } from '../../sites/image-renditions';

export interface PanelImageProps {
  src: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A decorative image inside a closed menu panel (mega-menu, slide menu). It carries its address in `data-src`
 * (and its renditions in `data-srcset`) and its size, so it reserves its box but costs no request until the
 * panel's island opens the panel (widgets/lib/deferred-images.ts): browsers fetch even `loading="lazy"` images
 * of hidden panels, some forty per page. The panels only open with JavaScript, so nobody sees them without it.
 */
export function PanelImage({ src, width, height, className }: PanelImageProps) {
  const image = fixedImage(src, width);
  return (
    <img
      className={className}
      data-src={image.src}
      data-srcset={image.srcSet}
      alt=""
      width={width}
      height={height}
      decoding="async"
    />
  );
}
