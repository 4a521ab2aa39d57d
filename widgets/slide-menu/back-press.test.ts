import { afterEach, describe, expect, it } from 'vitest';
import {
  handleBackPress,
  installBackPressAnswer,
  onBackPress,
  type BackPressAnswer,
} from '../lib/app-bridge/back-press';
import { modalBackPress } from '../lib/modal';
import { slideMenuBackPress } from './back-press';

/** A slide menu as its island keeps it: open or not, a submenu open or not; registered while open. */
function slideMenu() {
  const state = { open: false, submenu: false, stop: null as (() => void) | null };
  const close = () => {
    state.open = false;
    state.stop?.();
    state.stop = null;
  };
  const controls = {
    isOpen: () => state.open,
    submenuOpen: () => state.submenu,
    back: () => void (state.submenu = false),
    close,
  };
  return {
    state,
    open(submenu = false) {
      state.open = true;
      state.submenu = submenu;
      state.stop = onBackPress(() => slideMenuBackPress(controls));
    },
  };
}

/** A modal as modal.tsx registers it while open: it closes after its transition (here at once). */
function modal() {
  const state = { open: false, closing: false, stop: null as (() => void) | null };
  const dialog = { hasAttribute: (name: string) => name === 'data-closing' && state.closing };
  return {
    state,
    open() {
      state.open = true;
      state.stop = onBackPress(
        modalBackPress(
          () => dialog,
          () => {
            state.open = false;
            state.stop?.();
          },
        ),
      );
    },
  };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe("the app's back press", () => {
  it('closes the innermost modal, the next, then the slide menu (its submenu first), then lets the app go back', () => {
    const menu = slideMenu();
    const outer = modal();
    const inner = modal();
    menu.open(true);
    outer.open();
    inner.open();
    expect(handleBackPress()).toBe('handled');
    expect([inner.state.open, outer.state.open, menu.state.open]).toEqual([false, true, true]);
    expect(handleBackPress()).toBe('handled');
    expect([outer.state.open, menu.state.open, menu.state.submenu]).toEqual([false, true, true]);
    expect(handleBackPress()).toBe('handled');
    expect([menu.state.open, menu.state.submenu]).toEqual([true, false]);
    expect(handleBackPress()).toBe('handled');
    expect(menu.state.open).toBe(false);
    expect(handleBackPress()).toBe('not-handled');
  });

  it('counts a press while the modal is still closing as the modal’s, without closing it twice', () => {
    let closes = 0;
    let closing = false;
    const handler = modalBackPress(
      () => ({ hasAttribute: () => closing }),
      () => {
        closes++;
        closing = true;
      },
    );
    stops.push(onBackPress(handler));
    expect([handleBackPress(), handleBackPress()]).toEqual(['handled', 'handled']);
    expect(closes).toBe(1);
  });

  it('passes over a closed menu and a handler that throws', () => {
    stops.push(onBackPress(() => slideMenuBackPress({ isOpen: () => false } as never)));
    stops.push(
      onBackPress(() => {
        throw new Error('gone');
      }),
    );
    expect(handleBackPress()).toBe('not-handled');
  });

  it('is answered through the page function the app calls', () => {
    const w = {} as Window & { __storeAppBackPress?: () => BackPressAnswer };
    const remove = installBackPressAnswer(w);
    let closed = false;
    stops.push(onBackPress(() => (closed = true)));
    expect(w.__storeAppBackPress?.()).toBe('handled');
    expect(closed).toBe(true);
    remove();
    expect(w.__storeAppBackPress).toBeUndefined();
  });
});
