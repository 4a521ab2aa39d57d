/**
 * Release-manager check: validates every snapshot and cross-file rule without a build.
 * Run: npx tsx content/tools/check.ts   (exit code 1 and one "file pointer: reason" line per problem)
 */
import { formatIssue, loadContent, SnapshotError } from '../load';

try {
  const bundle = loadContent();
  console.log(
    `content OK: ${bundle.products.length} products, ${Object.keys(bundle.headerFooters).length} ` +
      `header-footers, ${bundle.pages.length} pages, ${Object.keys(bundle.translations).length} catalogues`,
  );
} catch (error) {
  if (!(error instanceof SnapshotError)) throw error;
  for (const issue of error.issues) console.error(formatIssue(issue));
  console.error(`${error.issues.length} problem(s) in content snapshots`);
  process.exitCode = 1;
}
