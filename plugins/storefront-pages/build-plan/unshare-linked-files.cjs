// Preloaded into `gatsby build` (package.json build:sites, NODE_OPTIONS=--require; Node runs preloads in worker
// threads too). A publish hard-links the build's files into the release (publish.ts), so a file of public/ and the
// served copy are one inode. Gatsby and our post-build steps rewrite public/ files in place: Gatsby's HTML render
// (fs-extra outputFile → writeFile: open with O_TRUNC, same inode), our writeIfChanged, image renditions, brand
// icons and _routes.json (writeFileSync), Gatsby's static/ copy (copyFile onto an existing file keeps its inode).
// Any of those would change a published release under the server. Here every write that would change an existing
// file of the work folder in place first gives that file its own inode when it has other links: a truncating
// write (or a copy onto it) unlinks it, since its old bytes are not needed; an append, a read-write open or a
// truncate to a length makes a private copy and renames it over. A file with one link is written as before.
// (Writers that write beside and rename, like the compression step, replace the name and never needed this.)
// CommonJS on purpose: it runs before tsx is registered, in every Gatsby process.
const fs = require('node:fs');
const path = require('node:path');
const { fileURLToPath } = require('node:url');

const { O_TRUNC, O_WRONLY, O_RDWR, O_EXCL } = fs.constants;
const original = {
  lstatSync: fs.lstatSync,
  unlinkSync: fs.unlinkSync,
  copyFileSync: fs.copyFileSync,
  renameSync: fs.renameSync,
};

/** What a write with these open flags does to an existing file: nothing, replace all of it, or change part of it. */
function effectOf(flags) {
  if (flags === undefined || flags === null) return 'none';
  if (typeof flags === 'number') {
    if ((flags & (O_WRONLY | O_RDWR)) === 0) return 'none';
    if (flags & O_EXCL) return 'none'; // fails on an existing file
    if (flags & O_TRUNC) return 'replace';
    return 'change';
  }
  const text = String(flags);
  if (text.includes('x')) return 'none';
  if (text.startsWith('w')) return 'replace';
  if (text.startsWith('a') || text.includes('+')) return 'change';
  return 'none';
}

function pathOf(target) {
  if (typeof target === 'string') return target;
  if (Buffer.isBuffer(target)) return target.toString();
  if (target instanceof URL) return fileURLToPath(target);
  return undefined; // a file descriptor: opened earlier, through one of these calls
}

const guarded = [];

/** Gives `target` an inode of its own before a write with `effect`, when it is a linked file of a guarded folder. */
function unshare(target, effect) {
  if (effect === 'none' || guarded.length === 0) return;
  const file = pathOf(target);
  if (file === undefined) return;
  const absolute = path.resolve(file);
  if (!guarded.some((dir) => absolute.startsWith(dir))) return;
  const stat = original.lstatSync(absolute, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.nlink < 2) return;
  if (effect === 'replace') {
    original.unlinkSync(absolute);
    return;
  }
  const temporary = `${absolute}.${process.pid}.unshare`;
  original.copyFileSync(absolute, temporary);
  original.renameSync(temporary, absolute);
}

const flagOf = (options, fallback) =>
  options && typeof options === 'object' ? (options.flag ?? options.flags ?? fallback) : fallback;

/** Wraps `object[name]` so that `before(args)` runs first; idempotent. */
function wrap(object, name, before) {
  const fn = object[name];
  if (typeof fn !== 'function' || fn.unshares) return;
  const wrapped = function (...args) {
    before(args);
    return fn.apply(this, args);
  };
  // Keeps what other code reads off the function (util.promisify.custom and the like).
  for (const key of Reflect.ownKeys(fn))
    if (!['length', 'name', 'prototype', 'arguments', 'caller'].includes(key)) wrapped[key] = fn[key];
  wrapped.unshares = true;
  object[name] = wrapped;
}

function patch(target) {
  for (const name of ['writeFile', 'writeFileSync'])
    wrap(target, name, ([file, , options]) => unshare(file, effectOf(flagOf(options, 'w'))));
  for (const name of ['appendFile', 'appendFileSync'])
    wrap(target, name, ([file, , options]) => unshare(file, effectOf(flagOf(options, 'a'))));
  for (const name of ['open', 'openSync'])
    wrap(target, name, ([file, flags]) => unshare(file, effectOf(typeof flags === 'function' ? 'r' : (flags ?? 'r'))));
  for (const name of ['copyFile', 'copyFileSync'])
    wrap(target, name, ([, dest, mode]) =>
      unshare(dest, typeof mode === 'number' && mode & fs.constants.COPYFILE_EXCL ? 'none' : 'replace'),
    );
  for (const name of ['truncate', 'truncateSync'])
    wrap(target, name, ([file, length]) =>
      unshare(file, typeof length === 'number' && length > 0 ? 'change' : 'replace'),
    );
  wrap(target, 'createWriteStream', ([file, options]) =>
    unshare(file, effectOf(typeof options === 'string' ? 'w' : flagOf(options, 'w'))),
  );
}

/**
 * Guards the files below `dir` (the build's work folder) in this process: a write never changes another link of
 * a file there. Returns the folder guarded.
 */
function unshareLinkedFiles(dir) {
  const absolute = `${path.resolve(dir)}${path.sep}`;
  if (!guarded.includes(absolute)) guarded.push(absolute);
  patch(fs);
  patch(fs.promises);
  return absolute;
}

// Gatsby builds into <project>/public; BUILD_WORK_DIR names another folder (tests).
unshareLinkedFiles(process.env.BUILD_WORK_DIR || path.resolve('public'));

module.exports = { unshareLinkedFiles, effectOf };
