import type { SliceComponentProps } from 'gatsby';
import type { ShellContext } from '../page-context';
import { makeTranslate } from '../components/translate';
import { CatalogueContext } from '../components/widget-strings';
import { Header } from '../shell/header/header';
import '../styles/site.css';

/** Slice `header-<urlLocal>`: the storefront's header, rendered once and stitched into every web page. */
export default function HeaderSlice({ sliceContext }: SliceComponentProps<object, ShellContext>) {
  return (
    <CatalogueContext.Provider value={sliceContext.strings}>
      <Header shell={sliceContext} t={makeTranslate(sliceContext.strings)} />
    </CatalogueContext.Provider>
  );
}
