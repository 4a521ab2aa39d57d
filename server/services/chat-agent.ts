/** An FAQ entry as the agent needs it: a question and its answer in the storefront's language. */
export interface FaqEntry {
  question: string;
  answer: string;
}

const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'and',
  'or',
  'is',
  'are',
  'my',
  'i',
  'how',
  'do',
  'can',
  'what',
  'for',
  'in',
  'on',
  'it',
  'with',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/**
 * The automatic agent: answers with the FAQ entry sharing the most words with the question (ties: the first),
 * or null when nothing matches (the conversation then waits for staff).
 */
export function agentReply(question: string, faqs: FaqEntry[]): string | null {
  const asked = new Set(words(question));
  let best: { score: number; faq: FaqEntry } | null = null;
  for (const faq of faqs) {
    const score =
      words(`${faq.question} ${faq.question}`).filter((w) => asked.has(w)).length +
      words(faq.answer).filter((w) => asked.has(w)).length * 0.25;
    if (score > 0 && (!best || score > best.score)) best = { score, faq };
  }
  return best ? `${best.faq.question}\n${best.faq.answer}` : null;
}
