/**
 * A stand-in for the few browser objects the tracker touches (no DOM library is installed): listeners on window and
 * document, <html> attributes, location, sessionStorage, sendBeacon and fetch, IntersectionObserver and
 * MutationObserver. Tests drive it: `page.hide()`, `page.click(el)`, `page.intersect(el, 0.6)`.
 */
import { vi } from 'vitest';

type Listener = (event: Event) => void;

/** addEventListener and friends, recording listeners so a test can fire events at them. */
class Listeners {
  private readonly byType = new Map<string, Set<Listener>>();
  addEventListener = (type: string, listener: Listener) => {
    if (!this.byType.has(type)) this.byType.set(type, new Set());
    this.byType.get(type)!.add(listener);
  };
  removeEventListener = (type: string, listener: Listener) => void this.byType.get(type)?.delete(listener);
  emit(type: string, extra: Record<string, unknown> = {}): void {
    const event = { type, isTrusted: true, ...extra } as unknown as Event;
    for (const listener of Array.from(this.byType.get(type) ?? [])) listener(event);
  }
  count(type: string): number {
    return this.byType.get(type)?.size ?? 0;
  }
}

const attributeSelector = (selector: string): string => {
  const m = /^\[([\w-]+)\]$/.exec(selector);
  if (!m?.[1]) throw new Error(`fake page: selector ${selector} not supported`);
  return m[1];
};

/** An element with attributes and children, enough for closest(), matches() and querySelectorAll(). */
export class FakeElement {
  parentElement: FakeElement | null = null;
  readonly children: FakeElement[] = [];
  constructor(private readonly attributes: Record<string, string> = {}) {}
  append(...children: FakeElement[]): this {
    for (const child of children) {
      child.parentElement = this;
      this.children.push(child);
    }
    return this;
  }
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  matches(selector: string): boolean {
    return attributeSelector(selector) in this.attributes;
  }
  closest(selector: string): FakeElement | null {
    for (let el: FakeElement | null = this; el; el = el.parentElement) if (el.matches(selector)) return el;
    return null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.children.flatMap((child) => [
      ...(child.matches(selector) ? [child] : []),
      ...child.querySelectorAll(selector),
    ]);
  }
}

export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<FakeElement>();
  disconnected = false;
  constructor(
    readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(el: FakeElement) {
    this.targets.add(el);
  }
  unobserve(el: FakeElement) {
    this.targets.delete(el);
  }
  disconnect() {
    this.disconnected = true;
    this.targets.clear();
  }
}

export class FakeMutationObserver {
  static all: FakeMutationObserver[] = [];
  disconnected = false;
  constructor(readonly callback: (records: { addedNodes: FakeElement[] }[]) => void) {
    FakeMutationObserver.all.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
}

/** A Storage backed by a Map. */
export class FakeStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

export interface FakePageOptions {
  path?: string;
  search?: string;
  referrer?: string;
  width?: number;
  lang?: string;
  pageType?: string;
  release?: string;
}

/** Installs a fresh fake page on globalThis; returns the handles tests drive it by. */
export function installFakePage(options: FakePageOptions = {}) {
  const origin = 'https://shop.test';
  const win = new Listeners();
  const doc = new Listeners();
  const body = new FakeElement();
  const storage = new FakeStorage();
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  const fetchSpy = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null)));
  const idle: (() => void)[] = [];
  FakeIntersectionObserver.all = [];
  FakeMutationObserver.all = [];
  const document = {
    ...doc,
    emit: doc.emit.bind(doc),
    readyState: 'loading',
    visibilityState: 'visible',
    referrer: options.referrer ?? '',
    documentElement: {
      lang: options.lang ?? 'id-ID',
      dataset: {
        ...(options.pageType ? { pageType: options.pageType } : {}),
        ...(options.release !== undefined ? { release: options.release } : {}),
      },
    },
    body,
    querySelectorAll: (selector: string) => body.querySelectorAll(selector),
  };
  const location = {
    origin,
    hostname: 'shop.test',
    pathname: options.path ?? '/id/product/redmi-note-14/',
    search: options.search ?? '',
  };
  const globals: Record<string, unknown> = {
    window: globalThis,
    document,
    location,
    sessionStorage: storage,
    innerWidth: options.width ?? 1280,
    addEventListener: win.addEventListener,
    removeEventListener: win.removeEventListener,
    requestIdleCallback: (run: () => void) => idle.push(run),
    IntersectionObserver: FakeIntersectionObserver,
    MutationObserver: FakeMutationObserver,
    Element: FakeElement,
    fetch: fetchSpy,
  };
  for (const [key, value] of Object.entries(globals))
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'navigator', { value: { sendBeacon }, configurable: true, writable: true });

  return {
    document,
    location,
    storage,
    body,
    sendBeacon,
    fetch: fetchSpy,
    /** The batches sent by beacon, parsed. */
    beacons: () => sendBeacon.mock.calls.map(([url, text]) => ({ url, batch: JSON.parse(text) })),
    load() {
      document.readyState = 'complete';
      win.emit('load');
    },
    runIdle() {
      for (const run of idle.splice(0)) run();
    },
    /** The tab goes to the background: visibilitychange fires at the document and bubbles to the window. */
    hide() {
      document.visibilityState = 'hidden';
      doc.emit('visibilitychange');
      win.emit('visibilitychange');
    },
    pagehide: () => win.emit('pagehide'),
    click: (target: FakeElement) => doc.emit('click', { target }),
    /** Reports an element's visible share to every observer watching it. */
    intersect(el: FakeElement, ratio: number) {
      for (const io of FakeIntersectionObserver.all)
        if (io.targets.has(el))
          io.callback([{ target: el as unknown as Element, isIntersecting: ratio > 0, intersectionRatio: ratio }]);
    },
    /** The islands add elements to the page. */
    add(...elements: FakeElement[]) {
      body.append(...elements);
      for (const mo of FakeMutationObserver.all) if (!mo.disconnected) mo.callback([{ addedNodes: elements }]);
    },
    listenerCount: (type: string) => win.count(type) + doc.count(type),
  };
}
export type FakePage = ReturnType<typeof installFakePage>;
