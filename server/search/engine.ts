/**
 * The search engine of one storefront: documents (products, stores, support articles and FAQ) with weighted fields,
 * a vocabulary of their folded words, and a query matcher tolerant of typos (exact word, word prefix, then words
 * within an edit distance of 1 or 2). Results carry their title and a snippet with the matched ranges, as text plus
 * [start, end) ranges and as escaped HTML with <mark>; nothing of the query or the content is ever output unescaped.
 */
import {
  allowedEdits,
  editDistance,
  fold,
  foldText,
  markHtml,
  mergeRanges,
  tokenize,
  type FoldedText,
  type Token,
} from './text';

export type SearchType = 'product' | 'store' | 'support';

export interface FieldSpec {
  text: string;
  weight: number;
  /** May be shown as the result's snippet. */
  snippet?: boolean;
  /** Searched but never shown (the English text behind a translated one). */
  hidden?: boolean;
}

export interface DocSpec<P> {
  /** The first field is the title. */
  fields: FieldSpec[];
  payload: P;
  /** Tie-break: smaller first (catalogue order). */
  rank: number;
  /** Tie-break: in stock first. */
  available?: boolean;
}

interface Field extends FieldSpec {
  text: string;
  folded: FoldedText;
  tokens: Token[];
}

interface Doc<P> {
  fields: Field[];
  payload: P;
  rank: number;
  available: boolean;
  title: string;
  /** The title folded, for the phrase bonus (folding per query and document was most of a query's garbage). */
  foldedTitle: string;
}

interface Posting {
  doc: number;
  field: number;
  token: number;
  /** 2 for two adjacent words written as one ("power bank" found by "powerbank"). */
  span?: 2;
}

/** A type alias, not an interface: response schemas want an index signature. */
export type Marked = {
  text: string;
  marks: [number, number][];
  html: string;
};

export interface Hit<P> {
  payload: P;
  score: number;
  title: Marked;
  snippet: Marked;
}

export interface SearchResult<P> {
  total: number;
  hits: Hit<P>[];
}

/** Answers kept per index: shoppers type the same popular beginnings ("red", "redm", "redmi") over and over. */
const MEMO_SIZE = 500;

/** At most this many query words count; a pasted paragraph is not a query. */
const MAX_QUERY_WORDS = 8;
const SNIPPET_CHARS = 160;

/** Weight of a match by kind: the exact word, a word it begins (typing in progress), a typo. */
const EXACT = 1;
const PREFIX = 0.8;
const TYPO = [0, 0.6, 0.45];

/**
 * A query's words, folded, deduplicated, at most MAX_QUERY_WORDS. A single letter counts only as the last word (the
 * start of a word being typed) or alone: stray letters of pasted markup or initials must not sink a query.
 */
export function queryWords(query: string): string[] {
  const words = [...new Set(tokenize(fold(query)).map((t) => t.word.slice(0, 40)))];
  const kept = words.filter((w, i) => w.length > 1 || i === words.length - 1);
  return kept.slice(0, MAX_QUERY_WORDS);
}

export class DocIndex<P> {
  private readonly docs: Doc<P>[] = [];
  private readonly vocab = new Map<string, Posting[]>();
  /** Words by their first character: prefixes and typos are looked for among words starting alike. */
  private readonly byInitial = new Map<string, [string, Posting[]][]>();
  /** Recent answers by words, limit and offset (least recently used dropped first); an index never changes. */
  private readonly memo = new Map<string, SearchResult<P>>();

  constructor(specs: readonly DocSpec<P>[]) {
    specs.forEach((spec, d) => {
      const fields = spec.fields
        .filter((f) => f.text.length > 0)
        .map((f) => {
          const folded = foldText(f.text);
          return { ...f, folded, tokens: tokenize(folded.folded) };
        });
      const title = spec.fields[0]?.text ?? '';
      this.docs.push({
        fields,
        payload: spec.payload,
        rank: spec.rank,
        available: spec.available ?? true,
        title,
        foldedTitle: fold(title),
      });
      const add = (word: string, posting: Posting) => {
        let list = this.vocab.get(word);
        if (!list) this.vocab.set(word, (list = []));
        list.push(posting);
      };
      fields.forEach((field, f) =>
        field.tokens.forEach((token, t) => {
          add(token.word, { doc: d, field: f, token: t });
          // Shoppers write some pairs as one word: "powerbank", "smartband", "redminote".
          const next = field.tokens[t + 1];
          if (next && !/^\d+$/.test(token.word) && !/^\d+$/.test(next.word))
            add(token.word + next.word, { doc: d, field: f, token: t, span: 2 });
        }),
      );
    });
    for (const entry of this.vocab) {
      const initial = entry[0][0]!;
      let list = this.byInitial.get(initial);
      if (!list) this.byInitial.set(initial, (list = []));
      list.push(entry);
    }
  }

  /**
   * Words that may match `word`: those sharing its first character, and for words allowed a typo those starting with
   * its second (a swapped or missing first letter: "ixaomi", "edmi"). A wrong first letter is the one typo not
   * forgiven; it keeps each lookup to a small part of the vocabulary.
   */
  private candidates(word: string, edits: number): [string, Posting[]][][] {
    const first = this.byInitial.get(word[0]!) ?? [];
    if (edits === 0 || !word[1] || word[1] === word[0]) return [first];
    return [first, this.byInitial.get(word[1]) ?? []];
  }

  get size(): number {
    return this.docs.length;
  }

  /**
   * Documents matching `query`: every query word must match (one in three may miss from three words on, so "how
   * to charge" still finds "Charging"), ranked by the weight of the fields matched and how well. `accept` narrows
   * the documents before ranking, so the total and the pages count only those (the business catalogue).
   */
  search(query: string, limit: number, offset = 0, accept?: (payload: P) => boolean): SearchResult<P> {
    const words = queryWords(query);
    if (words.length === 0) return { total: 0, hits: [] };
    if (accept) return this.run(words, limit, offset, accept);
    // Answers are shared between callers, who only read them (the routes build their own views).
    const key = `${limit}|${offset}|${words.join(' ')}`;
    let answer = this.memo.get(key);
    if (answer) {
      this.memo.delete(key);
    } else {
      answer = this.run(words, limit, offset);
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    }
    this.memo.set(key, answer);
    return answer;
  }

  private run(words: string[], limit: number, offset: number, accept?: (payload: P) => boolean): SearchResult<P> {
    const needed = words.length - Math.floor(words.length / 3);
    // scores[doc][word] = best weight of that word in that doc; matches[doc] = what to highlight.
    const scores = new Map<number, number[]>();
    const matches = new Map<number, { field: number; token: number; length: number; span?: 2 }[]>();
    words.forEach((word, w) => {
      const last = w === words.length - 1;
      const edits = allowedEdits(word);
      for (const list of this.candidates(word, edits))
        for (const [term, postings] of list) {
          let quality = 0;
          let length = term.length;
          // A word typed so far matches the start of a word, not of two written together ("redm" is not "redminote").
          let partial = false;
          if (term === word) quality = EXACT;
          else if (term.startsWith(word) && (word.length >= 2 || last)) {
            quality = PREFIX;
            length = word.length;
            partial = true;
          } else if (edits > 0) {
            const whole = editDistance(word, term, edits);
            // A typo in a word still being typed: compare with the start of the longer word.
            const start = term.length > word.length + edits ? editDistance(word, term, edits, word.length) : edits + 1;
            const d = Math.min(whole, start);
            if (d <= edits) {
              quality = TYPO[d] ?? 0;
              if (whole > edits) {
                length = word.length;
                partial = true;
              }
            }
          }
          if (quality === 0) continue;
          for (const p of postings) {
            if (partial && p.span) continue;
            const field = this.docs[p.doc]!.fields[p.field]!;
            let row = scores.get(p.doc);
            if (!row) scores.set(p.doc, (row = new Array<number>(words.length).fill(0)));
            row[w] = Math.max(row[w]!, quality * field.weight);
            let list = matches.get(p.doc);
            if (!list) matches.set(p.doc, (list = []));
            list.push(
              p.span
                ? { field: p.field, token: p.token, length: Infinity, span: 2 }
                : { field: p.field, token: p.token, length },
            );
          }
        }
    });
    const phrase = words.join(' ');
    const ranked: { doc: number; score: number }[] = [];
    for (const [doc, row] of scores) {
      let matched = 0;
      for (const score of row) if (score > 0) matched++;
      if (matched < needed) continue;
      if (accept && !accept(this.docs[doc]!.payload)) continue;
      let score = row.reduce((a, b) => a + b, 0);
      const title = this.docs[doc]!.foldedTitle;
      if (title === phrase) score += 6;
      else if (title.startsWith(phrase)) score += 3;
      ranked.push({ doc, score });
    }
    ranked.sort((a, b) => {
      const da = this.docs[a.doc]!;
      const db = this.docs[b.doc]!;
      return b.score - a.score || Number(db.available) - Number(da.available) || da.rank - db.rank;
    });
    const page = ranked.slice(offset, offset + limit);
    return {
      total: ranked.length,
      hits: page.map(({ doc, score }) => this.hit(doc, score, matches.get(doc) ?? [])),
    };
  }

  private hit(d: number, score: number, found: { field: number; token: number; length: number; span?: 2 }[]): Hit<P> {
    const doc = this.docs[d]!;
    const rangesByField = new Map<number, [number, number][]>();
    for (const m of found) {
      const field = doc.fields[m.field]!;
      const token = field.tokens[m.token]!;
      const last = m.span ? field.tokens[m.token + 1]! : token;
      const from = token.at;
      const to = m.span
        ? last.at + last.word.length - 1
        : token.at + Math.max(1, Math.min(m.length, token.word.length)) - 1;
      const range: [number, number] = [field.folded.start[from]!, field.folded.end[to]!];
      let list = rangesByField.get(m.field);
      if (!list) rangesByField.set(m.field, (list = []));
      list.push(range);
    }
    const marked = (f: number): Marked => {
      const field = doc.fields[f]!;
      const marks = mergeRanges(rangesByField.get(f) ?? []);
      return { text: field.text, marks, html: markHtml(field.text, marks) };
    };
    const title =
      doc.fields[0] && !doc.fields[0].hidden
        ? marked(0)
        : { text: doc.title, marks: [], html: markHtml(doc.title, []) };
    // The snippet: the shown field with the most weight of matches, else the first snippet field.
    let best = -1;
    let bestWeight = 0;
    doc.fields.forEach((field, f) => {
      if (!field.snippet || field.hidden) return;
      const n = rangesByField.get(f)?.length ?? 0;
      if (n * field.weight > bestWeight) {
        best = f;
        bestWeight = n * field.weight;
      }
    });
    if (best < 0) best = doc.fields.findIndex((field) => field.snippet && !field.hidden);
    const snippet = best >= 0 ? clip(marked(best)) : { text: '', marks: [], html: '' };
    return { payload: doc.payload, score: Math.round(score * 100) / 100, title, snippet };
  }
}

/** A long snippet cut to about SNIPPET_CHARS around its first match, at word boundaries, with ellipses. */
function clip(m: Marked): Marked {
  if (m.text.length <= SNIPPET_CHARS) return m;
  const first = m.marks[0]?.[0] ?? 0;
  let start = Math.max(0, first - 50);
  if (start > 0) {
    const space = m.text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(m.text.length, start + SNIPPET_CHARS);
  if (end < m.text.length) {
    const space = m.text.lastIndexOf(' ', end);
    if (space > start + 40) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < m.text.length ? '…' : '';
  const shift = prefix.length - start;
  const marks = m.marks
    .filter(([s, e]) => e > start && s < end)
    .map(([s, e]): [number, number] => [Math.max(s, start) + shift, Math.min(e, end) + shift]);
  const text = prefix + m.text.slice(start, end) + suffix;
  return { text, marks, html: markHtml(text, marks) };
}
