import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SmartLink } from './smart-link';

describe('SmartLink', () => {
  it('renders internal links with a trailing slash and no target', () => {
    expect(
      renderToStaticMarkup(
        <SmartLink href="/id/cart" className="x">
          Cart
        </SmartLink>,
      ),
    ).toBe('<a class="x" href="/id/cart/">Cart</a>');
  });

  it('opens external links in a new window with noopener', () => {
    expect(renderToStaticMarkup(<SmartLink href="https://www.youtube.com/xiaomi">YouTube</SmartLink>)).toBe(
      '<a href="https://www.youtube.com/xiaomi" target="_blank" rel="noopener noreferrer">YouTube</a>',
    );
  });

  it('does not add a slash to .html links', () => {
    expect(renderToStaticMarkup(<SmartLink href="/id/index.html">Home</SmartLink>)).toBe(
      '<a href="/id/index.html">Home</a>',
    );
  });
});
