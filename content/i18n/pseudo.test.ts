import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo';

describe('pseudo-translation', () => {
  it('accents a text, lengthens it and marks it, keeping placeholders', () => {
    expect(pseudoText('Hi {{name}}', 'accent')).toBe('⟦Ĥí {{name}} ·⟧');
  });

  it('marks each run between tags on its own, as the page shows each as its own text node', () => {
    const text = pseudoText('I agree to the <terms>terms</terms>.', 'accent');
    expect(text).toBe('⟦Í áĝŕéé ţó ţĥé  ····⟧<terms>⟦ţéŕɱš ··⟧</terms>.');
  });
});
