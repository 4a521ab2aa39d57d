import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MainSlot, MainSlotContext, type MainSlotMode } from '../../../src/components/main-slot';
import { mainSlotMode, settleMainSlot } from './main-html';

const page = (mode: MainSlotMode | undefined, content: string) =>
  renderToStaticMarkup(
    <MainSlotContext.Provider value={mode}>
      <div className="page">
        <main>
          <MainSlot>
            <p>{content}</p>
          </MainSlot>
        </main>
      </div>
    </MainSlotContext.Provider>,
  );

describe('the main landmark rendered once for a page and its app variants', () => {
  it('keeps what the first page rendered and puts it into the later ones, which do not render it', () => {
    const key = `k-${Math.random()}`;
    expect(mainSlotMode(key)).toBe('capture');
    const first = settleMainSlot(page('capture', 'the content'), key);
    expect(first).toBe(page(undefined, 'the content'));
    expect(mainSlotMode(key)).toBe('reuse');
    const later = page('reuse', 'not rendered');
    expect(later).not.toContain('not rendered');
    expect(settleMainSlot(later, key)).toBe(first);
  });

  it('leaves a page without a main landmark as it is, and refuses a reuse without its marker', () => {
    const key = `k-${Math.random()}`;
    expect(settleMainSlot('<div>no main</div>', key)).toBe('<div>no main</div>');
    expect(mainSlotMode(key)).toBe('capture');
    settleMainSlot(page('capture', 'x'), key);
    expect(() => settleMainSlot('<div>no marker</div>', key)).toThrow(/no place/);
  });

  it('keeps nothing from a page with two main landmarks, and drops their markers', () => {
    const key = `k-${Math.random()}`;
    const twice = page('capture', 'a') + page('capture', 'b');
    expect(settleMainSlot(twice, key)).toBe(page(undefined, 'a') + page(undefined, 'b'));
    expect(mainSlotMode(key)).toBe('capture');
  });
});
