/**
 * JSX typing of the island host element (docs/contracts.md "Widget hosts"). React 18 passes attributes of
 * custom elements through verbatim, so the element takes `class`, not `className`.
 */
import 'react';

export interface StoreWidgetAttributes {
  name: string;
  load: 'eager' | 'idle' | 'visible' | 'interaction';
  props: string;
  class?: string;
  id?: string;
  children?: import('react').ReactNode;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'store-widget': StoreWidgetAttributes;
    }
  }
}
