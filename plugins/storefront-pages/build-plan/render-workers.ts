import os from 'node:os';

/**
 * The GATSBY_CPU_COUNT our builds run with. Gatsby renders HTML in (count - 1) workers and counts physical
 * cores, so on a 2-core machine one worker rendered all 57,000 pages while the main process waited: rendering
 * is most of a cold build, so we ask for one worker per logical core. A value the release manager sets wins.
 */
export function gatsbyCpuCount(): string {
  return process.env['GATSBY_CPU_COUNT'] ?? String(os.cpus().length + 1);
}
