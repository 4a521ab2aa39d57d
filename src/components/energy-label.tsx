import { fixedImage } from '../../sites/image-renditions';
import type { BundleLabel, EnergyLabel } from '../../content/schemas/products.schema';
import { SmartLink } from './smart-link';
import type { Translate } from './translate';

/** An energy label is shown only when it has an image or an info link to show. */
export function hasEnergyLabel(label: EnergyLabel | undefined): label is EnergyLabel {
  return !!label && (label.energy_image.trim() !== '' || label.energy_info.trim() !== '');
}

export interface EnergyLabelViewProps {
  label: EnergyLabel | undefined;
  t: Translate;
  /** The badge's CSS width (its box is half as high): 48 in cards and rows, 96 in a product's label list. */
  width?: 48 | 96;
}

/** The energy class badge (image or text) linking to the full label, plus the product information sheet link. */
export function EnergyLabelView({ label, t, width = 48 }: EnergyLabelViewProps) {
  if (!hasEnergyLabel(label)) return null;
  const name = `${t('product.energyLabel')} ${label.description}`.trim();
  const badge = label.energy_image ? (
    <img
      className="energy__image"
      {...fixedImage(label.energy_image, width)}
      alt={name}
      width={width}
      height={width / 2}
      loading="lazy"
    />
  ) : (
    <span className="energy__text">{name}</span>
  );
  return (
    <div className="energy">
      {label.energy_info ? <SmartLink href={label.energy_info}>{badge}</SmartLink> : badge}
      {label.product_energy_info && (
        <SmartLink className="energy__sheet" href={label.product_energy_info}>
          {label.product_energy || t('product.productSheet')}
        </SmartLink>
      )}
    </div>
  );
}

export interface BundleLabelsProps {
  labels: BundleLabel[] | undefined;
  /** Where "more" leads: the product page's label section (cards) or an in-page anchor. */
  moreHref: string;
  t: Translate;
}

/** EU bundle labels (energy + durability) in a compact row, with a "more" link to the full labels. */
export function BundleLabels({ labels, moreHref, t }: BundleLabelsProps) {
  if (!labels || labels.length === 0) return null;
  const [first] = labels;
  if (!first) return null;
  return (
    <div className="bundle">
      <span className="bundle__title">{first.title}</span>
      <EnergyLabelView label={first.energy} t={t} />
      {first.durability.durability_score_img && (
        <img
          className="bundle__durability"
          {...fixedImage(first.durability.durability_score_img, 48)}
          alt={first.durability.description}
          width={48}
          height={24}
          loading="lazy"
        />
      )}
      <SmartLink className="bundle__more" href={moreHref}>
        {t('product.bundleLabels.more')}
        <span className="visually-hidden"> ({first.title})</span>
      </SmartLink>
    </div>
  );
}

/** The full label list of a product page (target of the cards' "more" link). */
export function BundleLabelDetails({ labels, t }: { labels: BundleLabel[]; t: Translate }) {
  return (
    <ul className="bundle-details">
      {labels.map((label) => (
        <li key={label.title}>
          <h3>{label.title}</h3>
          <EnergyLabelView label={label.energy} t={t} width={96} />
          {(label.durability.durability_score_img || label.durability.durability_score_doc) && (
            <p className="bundle-details__durability">
              {label.durability.durability_score_img && (
                // The document link right after carries the same words, so the image is not read twice.
                <img
                  {...fixedImage(label.durability.durability_score_img, 96)}
                  alt={label.durability.durability_score_doc ? '' : label.durability.description}
                  width={96}
                  height={48}
                  loading="lazy"
                />
              )}
              {label.durability.durability_score_doc && (
                <SmartLink href={label.durability.durability_score_doc}>
                  {label.durability.description || t('product.repairability')}
                </SmartLink>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
