import { useTranslation } from 'react-i18next';
import type { Translate } from './translate';

/** Templates' Translate, backed by gatsby-plugin-react-i18next's provider (the page query loads the catalogue). */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return (key, vars) => String(t(key, vars ?? {}));
}
