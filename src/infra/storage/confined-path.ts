import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import { PATH_PATTERN } from './stored-path.js';

/**
 * The absolute path of a stored file on the local disk, or null when `path` is not one: it must have the shape storage
 * gives its files (`company{id}/{hex}.{ext}`: no `..`, no absolute path, no other folder) and resolve inside `root`.
 */
export function confinedPath(root: string, path: string): string | null {
  if (!PATH_PATTERN.test(path) || isAbsolute(path)) return null;
  const base = resolve(root);
  const absolute = resolve(base, path);
  return absolute.startsWith(base + sep) ? absolute : null;
}

/** Whether the file, with every symbolic link on the way resolved, still lies inside `root` (false when missing). */
export async function staysInside(root: string, absolute: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(absolute)]);
    return realFile.startsWith(realRoot + sep);
  } catch {
    return false;
  }
}
