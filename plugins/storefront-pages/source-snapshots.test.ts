import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CreateNodeArgs } from 'gatsby';
import { onCreateNode } from './source-snapshots';

/** Runs onCreateNode for one File node holding `content`, and returns what it panicked with and created. */
async function source(relativePath: string, content: string) {
  const panic = vi.fn();
  const createNode = vi.fn();
  const node = {
    id: 'file-1',
    internal: { type: 'File', contentDigest: 'x', owner: 'gatsby-source-filesystem' },
    sourceInstanceName: 'snapshots',
    extension: 'json',
    relativePath,
    absolutePath: path.resolve('content/snapshots', relativePath),
    children: [],
    parent: null,
  };
  await onCreateNode({
    node,
    actions: { createNode },
    loadNodeContent: async () => content,
    createNodeId: (seed: string) => `id-${seed}`,
    createContentDigest: () => 'digest',
    reporter: { panic },
  } as unknown as CreateNodeArgs);
  return { panic, createNode };
}

describe('sourcing snapshots', () => {
  it('turns a valid snapshot into a ContentSnapshot node', async () => {
    const faq = JSON.stringify({
      categories: [
        {
          categoryNumber: 1,
          title: { en: 'Orders' },
          items: [{ index: 1, id: '1', question: { en: 'Q?' }, answer: [{ en: 'A.' }] }],
        },
      ],
    });
    const { panic, createNode } = await source('support/faq.json', faq);
    expect(panic).not.toHaveBeenCalled();
    expect(createNode).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'faq',
        file: 'content/snapshots/support/faq.json',
        internal: expect.objectContaining({ type: 'ContentSnapshot' }),
      }),
    );
  });

  it('stops the build naming file, JSON pointer and reason for a bad snapshot', async () => {
    const faq = JSON.stringify({
      categories: [
        {
          categoryNumber: 1,
          title: { en: 'Orders' },
          items: [{ index: 1, id: '1', question: 42, answer: [{ en: 'A.' }] }],
        },
      ],
    });
    const { panic, createNode } = await source('support/faq.json', faq);
    expect(createNode).not.toHaveBeenCalled();
    const message = String(panic.mock.calls[0]?.[0]?.context?.sourceMessage);
    expect(message).toMatch(/^content\/snapshots\/support\/faq\.json \/categories\/0\/items\/0\/question: /);
  });

  it('stops on a file that is not JSON, and on a file where no snapshot kind lives', async () => {
    expect(
      String((await source('catalogue/products.json', '{ not json')).panic.mock.calls[0]?.[0]?.context?.sourceMessage),
    ).toMatch(/products\.json \/: not valid JSON/);
    expect(String((await source('misc/notes.json', '{}')).panic.mock.calls[0]?.[0]?.context?.sourceMessage)).toMatch(
      /notes\.json: no snapshot kind/,
    );
  });
});
