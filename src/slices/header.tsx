import type { SliceComponentProps } from 'gatsby';
import type { ShellContext } from '../page-context';
import { makeTranslate } from '../components/translate';
import { Header } from '../shell/header/header';
import '../styles/site.css';

/** Slice `header-<urlLocal>`: the storefront's header, rendered once and stitched into every web page. */
export default function HeaderSlice({ sliceContext }: SliceComponentProps<object, ShellContext>) {
  return <Header shell={sliceContext} t={makeTranslate(sliceContext.strings)} />;
}
