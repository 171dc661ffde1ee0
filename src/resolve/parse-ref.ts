// Classifies a `$ref` string without touching the disk or the network: same-document, a relative
// file inside the project, or refused (network URI of any scheme, absolute path, escape from root).
import { posix } from "node:path";
import { isSameDocumentRef } from "../model/schema-anchors.js";

export type RefTarget =
  | { readonly kind: "local"; readonly fragment: string }
  | { readonly kind: "file"; readonly path: string; readonly fragment: string }
  | { readonly kind: "network"; readonly scheme: string }
  | { readonly kind: "outside-root"; readonly reason: string }
  /** `hint`: what to write instead, where there is more to say than "Fix the reference." */
  | { readonly kind: "malformed"; readonly reason: string; readonly hint?: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * @param ref the `$ref` value
 * @param fromFile project-relative path of the file that holds the `$ref`
 */
export function parseRef(ref: string, fromFile: string): RefTarget {
  return parseRefIn(ref, posix.dirname(fromFile));
}

/**
 * parseRef with the folder a relative path is read from given: the folder of the file that holds
 * the `$ref`, or the one a relative `$id` of an embedded resource around it moves it to (refBaseAt).
 * @param folder project-relative, "." for the root; may start with "../" (a later path may come back in)
 */
export function parseRefIn(ref: string, folder: string): RefTarget {
  const hash = ref.indexOf("#");
  const location = hash === -1 ? ref : ref.slice(0, hash);
  const rawFragment = hash === -1 ? "" : ref.slice(hash + 1);
  let fragment: string;
  try {
    fragment = decodeURIComponent(rawFragment);
  } catch {
    return { kind: "malformed", reason: `its fragment "${rawFragment}" is not valid percent-encoding` };
  }
  if (isSameDocumentRef(ref)) return { kind: "local", fragment };
  const scheme = SCHEME.exec(location)?.[1]?.toLowerCase();
  if (scheme !== undefined && !/^[a-z]$/i.test(scheme)) {
    return scheme === "file" ? { kind: "outside-root", reason: "it is an absolute file: URI" } : { kind: "network", scheme };
  }
  if (location.startsWith("//")) return { kind: "network", scheme: "//" };
  if (scheme !== undefined || location.startsWith("/") || location.startsWith("\\")) {
    return { kind: "outside-root", reason: "it is an absolute path" };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return { kind: "malformed", reason: `its path "${location}" is not valid percent-encoding` };
  }
  if (decoded.includes("\\") || decoded.includes("\0")) return { kind: "malformed", reason: "its path contains a backslash or NUL" };
  // "%2F" is a "/" inside one path segment (RFC 3986 § 2.2), a file name no file system allows;
  // decoding it would read it as a folder step instead.
  if (/%2f/i.test(location))
    return { kind: "malformed", reason: `its path "${location}" has an encoded "/" (%2F) inside a name, which no file name can hold`, hint: 'Write "/" between folders as it is, not as %2F.' };
  // A last segment "", "." or ".." names a folder (RFC 3986 § 5.2.4 keeps the trailing "/"), never a
  // file: "x.json/" is no name for x.json, and the file system would refuse it (ENOTDIR).
  const last = decoded.slice(decoded.lastIndexOf("/") + 1);
  if (last === "" || last === "." || last === "..")
    return { kind: "malformed", reason: `its path "${location}" names a folder (it ends with "${last === "" ? "/" : last}"), not a file`, hint: "End the path with the file's name." };
  const path = posix.normalize(posix.join(folder, decoded));
  if (path === ".." || path.startsWith("../") || posix.isAbsolute(path)) {
    return { kind: "outside-root", reason: `it resolves to "${path}", outside the project root` };
  }
  return { kind: "file", path, fragment };
}

/** Project-relative paths of the files a document's `$ref`s name (those that stay inside the root). */
export function fileRefPaths(refs: Iterable<string>, fromFile: string): string[] {
  const paths = new Set<string>();
  for (const ref of refs) {
    const target = parseRef(ref, fromFile);
    if (target.kind === "file") paths.add(target.path);
  }
  return [...paths].sort();
}
