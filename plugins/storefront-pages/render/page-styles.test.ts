import { describe, expect, it } from 'vitest';
import { pageStyles } from './page-styles';
import { writePageStyles } from './write-page-styles';

describe('page styles', () => {
  it('gives web pages the header and footer, app pages neither, and the panels file only the panels', () => {
    const sets = writePageStyles();
    expect(sets.web).toContain('.header__bar{');
    expect(sets.web).toContain('.footer');
    expect(sets.web).not.toContain('.mega__panel{');
    expect(sets.app).not.toContain('.header__bar');
    expect(sets.app).not.toContain('.footer');
    // Shared components stay on every page: FAQ accordions show in the apps too.
    expect(sets.app).toContain('.accordion>summary{');
    expect(sets['header-panels']).toContain('.mega__panel{');
    expect(sets['header-panels']).not.toContain('.header__bar');
    // Minified: no comments, no line breaks.
    expect(sets.web).not.toMatch(/\/\*|\n/);
    expect(pageStyles('app')).toBe(sets.app);
    expect(sets.app.length).toBeLessThan(sets.web.length * 0.75);
  });
});
