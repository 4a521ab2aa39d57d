import bwipjs from 'bwip-js/node';

/**
 * A konbini payment code drawn as the Code 128 barcode a counter's scanner reads (SVG, white background, the digits
 * printed under the bars so the clerk can type them when the scan fails).
 */
export function konbiniBarcodeSvg(code: string): string {
  return bwipjs.toSVG({
    bcid: 'code128',
    text: code,
    scale: 2,
    height: 14,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    paddingwidth: 10,
    paddingheight: 6,
  });
}
