import { useTranslation } from 'react-i18next';
import type { Translate } from './translate';

/** Templates' Translate, backed by gatsby-plugin-react-i18next's provider (the page query loads the catalogue). */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return (key, vars) => String(t(key, vars ?? {}));
}

/** The page's resolved catalogue (loaded by the page query), for the widget hosts' `strings`. */
export function useCatalogue(): Record<string, string> | undefined {
  const { i18n } = useTranslation();
  const bundle: unknown = i18n?.getResourceBundle?.(i18n.language, 'translation');
  return bundle && typeof bundle === 'object' ? (bundle as Record<string, string>) : undefined;
}
