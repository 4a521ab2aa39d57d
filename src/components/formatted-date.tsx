import { formatDate, getRegionSettings } from '../../region-config';
import type { DateFormatKey } from '../../region-config';
import type { StorefrontContext } from '../page-context';

export interface FormattedDateProps {
  value: string; // ISO instant
  storefront: Pick<StorefrontContext, 'local' | 'urlLocal'>;
  format?: DateFormatKey;
}

/** A date in the country's time zone and format (§3), machine-readable in `datetime`. */
export function FormattedDate({ value, storefront, format = 'dateTimeFormatNoSecond' }: FormattedDateProps) {
  return <time dateTime={value}>{formatDate(value, getRegionSettings(storefront.local), format, storefront.urlLocal)}</time>;
}
