// Every file below a folder, as relative paths with forward slashes, sorted: what check compares
// with the files a lock records. A plain walk of readdir's entries, links not followed (a link is
// listed as the entry it is), so that a command that only needs a listing does not load a glob
// library (tinyglobby with its matcher costs about 20 ms of start-up).
import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";

/**
 * @example listFolderFiles("/app/src/generated") // ["index.ts", "tools/ping.ts", ...]
 */
export function listFolderFiles(folder: string): string[] {
  const found: string[] = [];
  walk(folder, "", found);
  return found.sort();
}

function walk(folder: string, prefix: string, found: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // gone, or not a folder: nothing listed, as a glob would list nothing
  }
  for (const entry of entries) {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) walk(join(folder, entry.name), path, found);
    else found.push(path);
  }
}
