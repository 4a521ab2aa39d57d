import type { SliceComponentProps } from 'gatsby';
import type { ShellContext } from '../page-context';
import { makeTranslate } from '../components/translate';
import { CatalogueContext } from '../components/widget-strings';
import { Footer } from '../shell/footer/footer';
import '../styles/site.css';

/** Slice `footer-<urlLocal>`: the storefront's footer (full or reduced), consent and live-chat hosts. */
export default function FooterSlice({ sliceContext }: SliceComponentProps<object, ShellContext>) {
  return (
    <CatalogueContext.Provider value={sliceContext.strings}>
      <Footer shell={sliceContext} t={makeTranslate(sliceContext.strings)} />
    </CatalogueContext.Provider>
  );
}
