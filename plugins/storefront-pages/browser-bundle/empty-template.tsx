// What the browser bundle holds in place of each page template (browser-bundle.ts): the pages never load it.
export default function EmptyTemplate() {
  return null;
}
