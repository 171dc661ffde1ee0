// Symbolic links on the paths the descriptor globs match (project paths, forward slashes). The globs
// follow links, to files and to folders, so one file can be matched under several paths: through a
// link to a folder that holds the link (`tools/self -> .`), through a link to a sibling folder
// (`tools/alias -> real`), or as a link to a file beside it (`tools/b.yaml -> a.yaml`). Read under each,
// it was one tool twice, and tool-name-unique asked the user to delete a real file. A link back into a
// folder that holds it is not followed at all, as `find -L` does not (it also leads out of the folder
// the glob names, `tools/up -> ..` to the whole project); the files any other link leads to are listed
// once, by their real path.
import { lstatSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";

/** What is known of a folder on a matched path: whether it is a link, and whether it leads back to a folder that holds it. */
interface FolderLink {
  readonly isLink: boolean;
  readonly loops: boolean;
}

export interface DescriptorLinks {
  /** Whether `path` goes through a link to a folder that holds the link: such a link is not followed. */
  through(path: string): boolean;
  /**
   * `paths` with each file once: of the paths that lead to one real file, the one through the fewest
   * links (the path the user wrote the file at, where there is one), then the first in sort order,
   * whatever order the walk found them in. `linkListed`: whether the walk's listings held any link;
   * without one, only a link among the globs' own folders could lead to a file twice.
   */
  once(paths: readonly string[], linkListed: boolean): string[];
}

/**
 * The links under `root` as the descriptor search meets them; each folder on a path is looked up once.
 * @example descriptorLinks(root).once(["tools/alias/a.yaml", "tools/real/a.yaml"], true) // ["tools/real/a.yaml"] (tools/alias -> real)
 */
export function descriptorLinks(root: string): DescriptorLinks {
  const folders = new Map<string, FolderLink>();
  const folderLink = (folder: string): FolderLink => {
    let known = folders.get(folder);
    if (known === undefined) {
      known = lookUpFolder(root, folder);
      folders.set(folder, known);
    }
    return known;
  };
  const foldersOf = (path: string): string[] => {
    const parts = path.replace(/\/$/, "").split("/");
    return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("/"));
  };
  const linkedFolders = (path: string): number => foldersOf(path).filter((folder) => folderLink(folder).isLink).length;
  return {
    through: (path) => foldersOf(path).some((folder) => folderLink(folder).loops),
    once: (paths, linkListed) => {
      if (!linkListed && paths.every((path) => linkedFolders(path) === 0)) return [...paths];
      const realRoot = realPathOrUndefined(root);
      const kept = new Map<string, { readonly path: string; readonly links: number }>();
      for (const path of paths) {
        const links = linkedFolders(path) + (isLink(join(root, path)) ? 1 : 0);
        const file = links === 0 ? path : realProjectPath(root, realRoot, path);
        const known = kept.get(file);
        if (known === undefined || links < known.links || (links === known.links && path < known.path)) kept.set(file, { path, links });
      }
      return [...kept.values()].map((entry) => entry.path);
    },
  };
}

function lookUpFolder(root: string, folder: string): FolderLink {
  try {
    const absolute = join(root, folder);
    if (!lstatSync(absolute).isSymbolicLink()) return { isLink: false, loops: false };
    const target = realpathSync.native(absolute);
    const holder = realpathSync.native(join(absolute, ".."));
    return { isLink: true, loops: holder === target || holder.startsWith(target.endsWith(sep) ? target : target + sep) };
  } catch {
    // Nothing to follow: the walk found nothing through it either.
    return { isLink: false, loops: false };
  }
}

function isLink(absolute: string): boolean {
  try {
    return lstatSync(absolute).isSymbolicLink();
  } catch {
    return false;
  }
}

function realPathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/**
 * What names the file at `path` whatever path leads to it: its real path, project-relative with
 * forward slashes when inside the project (a path with no link is its own), absolute otherwise; a
 * path that leads nowhere (a dangling link, listed for the reader to report) is named by itself.
 */
function realProjectPath(root: string, realRoot: string | undefined, path: string): string {
  const real = realPathOrUndefined(join(root, path));
  if (real === undefined || realRoot === undefined) return `\u0000${path}`;
  const inside = relative(realRoot, real);
  return inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? real : inside.split(sep).join("/");
}
