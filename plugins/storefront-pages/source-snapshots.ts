import path from 'node:path';
import type { CreateNodeArgs, CreateSchemaCustomizationArgs, Node } from 'gatsby';
import { validateSnapshot } from '../../content/validate';
import { SnapshotError } from '../../content/snapshot-error';
import { snapshotKindOf } from './content-bundle';

interface FileNode extends Node {
  sourceInstanceName: string;
  relativePath: string;
  absolutePath: string;
  extension: string;
}

/** One validated snapshot file; `data` is the parsed JSON. */
export function createSchemaCustomization({ actions }: CreateSchemaCustomizationArgs): void {
  actions.createTypes(`
    type ContentSnapshot implements Node @dontInfer {
      kind: String!
      file: String!
      data: JSON!
    }
  `);
}

/**
 * Every JSON file gatsby-source-filesystem finds under content/snapshots is parsed and validated against its
 * kind's schema. A bad snapshot is the release manager's to fix: the build stops naming file, pointer and reason.
 */
export async function onCreateNode({
  node,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
  reporter,
}: CreateNodeArgs): Promise<void> {
  if (node.internal.type !== 'File') return;
  const file = node as FileNode;
  if (file.sourceInstanceName !== 'snapshots' || file.extension !== 'json') return;
  const projectFile = path.relative(process.cwd(), file.absolutePath);
  const kind = snapshotKindOf(file.relativePath);
  if (!kind) {
    reporter.panic({
      id: 'STOREFRONT_SNAPSHOT_UNKNOWN',
      context: { sourceMessage: `${projectFile}: no snapshot kind lives at this path (see docs/contracts.md).` },
    });
    return;
  }
  let data: unknown;
  try {
    data = JSON.parse(await loadNodeContent(node));
  } catch (error) {
    reporter.panic({
      id: 'STOREFRONT_SNAPSHOT_INVALID',
      context: { sourceMessage: `${projectFile} /: not valid JSON (${(error as Error).message})` },
    });
    return;
  }
  try {
    validateSnapshot(kind, projectFile, data);
  } catch (error) {
    if (error instanceof SnapshotError) {
      reporter.panic({ id: 'STOREFRONT_SNAPSHOT_INVALID', context: { sourceMessage: error.message } });
      return;
    }
    throw error;
  }
  const snapshot = { kind, file: projectFile, data };
  actions.createNode({
    ...snapshot,
    id: createNodeId(`content-snapshot-${projectFile}`),
    parent: node.id,
    children: [],
    internal: { type: 'ContentSnapshot', contentDigest: createContentDigest(snapshot) },
  });
}
