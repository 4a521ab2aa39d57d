import { describe, expect, it } from 'vitest';
import { DocIndex, queryWords } from './engine';
import { editDistance, escapeHtml, foldText, markHtml } from './text';

describe('search text helpers', () => {
  it('edit distance counts a missing, extra, wrong or swapped letter as one, and stops past the limit', () => {
    expect(editDistance('redmi', 'redmi', 1)).toBe(0);
    expect(editDistance('xiomi', 'xiaomi', 1)).toBe(1);
    expect(editDistance('scooetr', 'scooter', 1)).toBe(1);
    expect(editDistance('purifer', 'purifier', 1)).toBe(1);
    expect(editDistance('phone', 'tablet', 2)).toBe(3);
    // Against the start of a longer word (a word still being typed), and long words after short ones (one table).
    expect(editDistance('redmj', 'redminote', 1, 5)).toBe(1);
    expect(editDistance('purifeirs', 'purifiers', 2)).toBe(1);
    expect(editDistance('ab', 'ba', 1)).toBe(1);
  });

  it('folds case and accents but maps back to the text as written', () => {
    const f = foldText('München Ä');
    expect(f.folded).toBe('munchen a');
    expect(f.original.slice(f.start[1]!, f.end[1]!)).toBe('ü');
  });

  it('escapes everything but the marks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(markHtml('a<b>c', [[1, 4]])).toBe('a<mark>&lt;b&gt;</mark>c');
  });

  it('keeps single letters only as the word being typed', () => {
    expect(queryWords('<b>Redmi</b> A')).toEqual(['redmi', 'a']);
  });
});

describe('DocIndex', () => {
  const index = new DocIndex([
    {
      fields: [
        { text: 'Xiaomi Power Bank 20000mAh', weight: 4 },
        { text: 'Charges twice. Fast.', weight: 1, snippet: true },
      ],
      payload: 'bank',
      rank: 0,
    },
    {
      fields: [
        { text: 'Redmi Note 14', weight: 4 },
        { text: 'Big battery, <b>bold</b> price.', weight: 1, snippet: true },
      ],
      payload: 'note',
      rank: 1,
    },
    { fields: [{ text: 'Redmi Watch 5', weight: 4 }], payload: 'watch', rank: 2, available: false },
  ]);

  it('needs every word, ranks the name first and marks what matched', () => {
    const r = index.search('redmi note', 10);
    expect(r.hits.map((h) => h.payload)).toEqual(['note']);
    expect(r.hits[0]!.title.html).toBe('<mark>Redmi</mark> <mark>Note</mark> 14');
  });

  it('finds prefixes, typos and two words written as one; nonsense finds nothing', () => {
    expect(index.search('redm', 10).hits.map((h) => h.payload)).toEqual(['note', 'watch']);
    expect(index.search('redmj', 10).total).toBe(2);
    expect(index.search('powerbank', 10).hits[0]!.title.html).toBe('Xiaomi <mark>Power Bank</mark> 20000mAh');
    expect(index.search('qqzz', 10)).toEqual({ total: 0, hits: [] });
  });

  it('answers a repeated query the same (kept answers), per limit, and narrowed searches are never kept', () => {
    const first = index.search('Redmi', 10);
    expect(index.search(' redmi ', 10)).toBe(first);
    expect(index.search('redmi', 1).hits).toHaveLength(1);
    expect(index.search('redmi', 10, 1).hits.map((h) => h.payload)).toEqual(['watch']);
    const narrowed = index.search('redmi', 10, 0, (p) => p === 'watch');
    expect(narrowed.hits.map((h) => h.payload)).toEqual(['watch']);
    expect(index.search('redmi', 10, 0, (p) => p === 'watch')).not.toBe(narrowed);
  });

  it('escapes the content in snippets', () => {
    const hit = index.search('battery', 10).hits[0]!;
    expect(hit.snippet.html).toBe('Big <mark>battery</mark>, &lt;b&gt;bold&lt;/b&gt; price.');
    expect(hit.snippet.marks).toEqual([[4, 11]]);
  });
});
