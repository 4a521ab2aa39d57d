import { formatDate, getRegionSettings } from '../../region-config';
import type { DateFormatKey } from '../../region-config';
import type { StorefrontContext } from '../page-context';

export interface FormattedDateProps {
  value: string; // ISO instant
  storefront: Pick<StorefrontContext, 'local' | 'urlLocal'>;
  format?: DateFormatKey;
  /** Wraps the formatted date in a sentence, e.g. date => t('support.updated', { date }). */
  label?: (date: string) => string;
}

/** A date in the country's time zone and format, machine-readable in `datetime`. */
export function FormattedDate({ value, storefront, format = 'dateTimeFormatNoSecond', label }: FormattedDateProps) {
  const text = formatDate(value, getRegionSettings(storefront.local), format, storefront.urlLocal);
  return <time dateTime={value}>{label ? label(text) : text}</time>;
}
