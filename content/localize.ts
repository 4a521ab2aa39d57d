import type {
  BundleLabel,
  EnergyLabel,
  Localized,
  LocalizedBundleLabel,
  LocalizedEnergyLabel,
} from './schemas/common.schema';

/**
 * The text of `value` in catalogue `code`, else its language subtag, else English.
 * @example localize(product.tagline, 'pt-BR') // pt-BR, then pt, then en
 */
export function localize(value: Localized, code: string): string {
  const texts = value as Record<string, unknown>;
  const exact = texts[code];
  if (typeof exact === 'string') return exact;
  const base = texts[code.split('-')[0] ?? 'en'];
  return typeof base === 'string' ? base : value.en;
}

/** A catalogue energy label as a storefront in catalogue `code` shows it. */
export function localizeEnergyLabel(label: LocalizedEnergyLabel, code: string): EnergyLabel {
  return { ...label, product_energy: localize(label.product_energy, code) };
}

/** A catalogue bundle label (energy plus repairability) as a storefront in catalogue `code` shows it. */
export function localizeBundleLabel(label: LocalizedBundleLabel, code: string): BundleLabel {
  return {
    title: localize(label.title, code),
    energy: localizeEnergyLabel(label.energy, code),
    durability: { ...label.durability, description: localize(label.durability.description, code) },
  };
}
