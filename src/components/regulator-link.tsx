import { fixedImage } from '../../sites/image-renditions';
import type { HeaderFooter } from '../../content/schemas/header-footer.schema';
import { SmartLink } from './smart-link';

export type Regulator = NonNullable<HeaderFooter['footer']['regulator']>;

/** Regulator logo link (co): on the support page and in the reduced footer, never in the full footer. */
export function RegulatorLink({ regulator, className }: { regulator: Regulator | undefined; className: string }) {
  if (!regulator) return null;
  return (
    <SmartLink className={className} href={regulator.url}>
      <img {...fixedImage(regulator.imgUrl, 120)} alt={regulator.alt} width={120} height={40} loading="lazy" />
    </SmartLink>
  );
}
