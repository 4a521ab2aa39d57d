import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the build renders a page's main landmark (plugins/storefront-pages/render/main-html.ts). A web page and its
 * app and iOS variants have the same main content, so the build renders it once:
 * - `capture`: rendered, between two markers, so the build can keep it;
 * - `reuse`: not rendered, one marker instead, which the build replaces with the content it kept.
 * Anywhere else (tests, a page rendered alone) there is no mode and the content is rendered as usual.
 */
export type MainSlotMode = 'capture' | 'reuse';

export const MainSlotContext = createContext<MainSlotMode | undefined>(undefined);

export const mainSlotMarkup = (edge: 'start' | 'end' | 'reuse'): string => `<div data-main-slot="${edge}"></div>`;

function MainSlotMark({ edge }: { edge: 'start' | 'end' | 'reuse' }) {
  return <div data-main-slot={edge} />;
}

/** The main landmark's content, as the build's mode asks. */
export function MainSlot({ children }: { children: ReactNode }) {
  const mode = useContext(MainSlotContext);
  if (mode === 'reuse') return <MainSlotMark edge="reuse" />;
  if (mode === 'capture') {
    return (
      <>
        <MainSlotMark edge="start" />
        {children}
        <MainSlotMark edge="end" />
      </>
    );
  }
  return <>{children}</>;
}
