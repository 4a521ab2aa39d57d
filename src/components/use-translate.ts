import { useContext } from 'react';
import { makeTranslate, type Translate } from './translate';
import { CatalogueContext, LangContext } from './widget-strings';

/** The storefront's resolved catalogue (English under the storefront's language), set once per page by the renderer. */
export function useCatalogue(): Record<string, string> | undefined {
  return useContext(CatalogueContext);
}

/** Templates' Translate over the page's catalogue; a missing key shows as the key, so gaps are visible. */
export function useTranslate(): Translate {
  return makeTranslate(useCatalogue() ?? {}, useContext(LangContext));
}
