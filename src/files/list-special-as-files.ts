// readdirSync for a glob (tinyglobby's `fs` option) that lists a named pipe, socket or device as a
// file. The glob's walker keeps only regular files, links and folders, so a descriptor glob skipped
// such an entry in silence; listed as a file it reaches the project reader, which sees from its stat
// that it is none and says so, without ever opening it (a named pipe would wait for a writer).
import { type Dirent, readdirSync } from "node:fs";

/** readdirSync as node:fs has it, with every special entry of a typed listing made to say it is a file. */
export const readdirListingSpecialAsFiles = ((path: Parameters<typeof readdirSync>[0], options?: unknown) => {
  const entries = readdirSync(path, options as Parameters<typeof readdirSync>[1]) as unknown[];
  return entries.map((entry) => (isSpecial(entry) ? asFile(entry) : entry));
}) as typeof readdirSync;

function isSpecial(entry: unknown): entry is Dirent {
  return (
    typeof entry === "object" &&
    entry !== null &&
    "isFIFO" in entry &&
    ((entry as Dirent).isFIFO() || (entry as Dirent).isSocket() || (entry as Dirent).isCharacterDevice() || (entry as Dirent).isBlockDevice())
  );
}

function asFile(entry: Dirent): Dirent {
  return Object.assign(Object.create(entry) as Dirent, { isFile: () => true });
}
