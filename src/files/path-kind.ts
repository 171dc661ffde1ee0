// What is at a path a user named as a file: nothing, a regular file, or something else, said in
// words for an error. A config path that was a folder, a link to nothing or a named pipe was taken
// for "no file" and the build went on with every default; telling them apart lets the caller say
// what the path is instead. Only stat and lstat are asked: a named pipe is never opened (opening
// one for reading waits for a writer).
import { lstatSync, statSync, type Stats } from "node:fs";

export type PathKind = { readonly kind: "absent" } | { readonly kind: "file" } | { readonly kind: "other"; readonly what: string };

/**
 * What is at `absolute`, links followed.
 * @example pathKind("/repo/mcp-gen.config.yaml") // { kind: "other", what: "a folder" }
 */
export function pathKind(absolute: string): PathKind {
  let own: Stats | undefined;
  try {
    own = lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    // A parent that is a file (ENOTDIR) or may not be searched: there is nothing to read there.
    return { kind: "absent" };
  }
  if (own === undefined) return { kind: "absent" };
  let target: Stats | undefined;
  try {
    target = own.isSymbolicLink() ? statSync(absolute, { throwIfNoEntry: false }) : own;
  } catch {
    // ELOOP: a link to itself, or a cycle of links.
    return { kind: "other", what: "a symbolic link that leads back to itself" };
  }
  if (target === undefined) return { kind: "other", what: "a symbolic link to nothing (its target does not exist)" };
  if (target.isFile()) return { kind: "file" };
  const through = own.isSymbolicLink() ? "a symbolic link to " : "";
  return { kind: "other", what: `${through}${describeStat(target)}` };
}

/**
 * A stat's file type in words, for anything but a regular file.
 * @example describeStat(lstatSync("mcp-tools.lock.json")) // "a named pipe (FIFO)"
 */
export function describeStat(stat: Stats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}
