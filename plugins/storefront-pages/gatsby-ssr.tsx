// Each Gatsby step lives in its own file (render/render-page.tsx); this file only names them for Gatsby.
import type { GatsbySSR } from 'gatsby';
import type { PageRef } from '../../src/page-context';
import { dropGatsbyRuntime, renderBody, withFullContext } from './render/render-page';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) =>
  withFullContext(element, props.pageContext as unknown as PageRef);

export const replaceRenderer: GatsbySSR['replaceRenderer'] = (args) =>
  renderBody(args as Parameters<typeof renderBody>[0]);

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = (args) =>
  dropGatsbyRuntime(args as unknown as Parameters<typeof dropGatsbyRuntime>[0]);
