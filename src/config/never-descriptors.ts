// Files that are never a descriptor, whatever a `tools` glob matches: shared by the descriptor
// search (which leaves them out) and the config check (a lock under such a name is never read as one).

/**
 * Files a broad glob (every .json file below the root) matches that are never a descriptor, by
 * name: lock files (`*.lock.json`), mcp-gen's config (a nested project's too), npm's manifest and
 * lock, and TypeScript's and JavaScript's project files. Read as descriptors, each only gave "the
 * tool has no name".
 */
const PROJECT_FILE = /(?:^|\/)(?:[^/]*\.lock\.json|mcp-gen\.config\.(?:yaml|yml|json)|package(?:-lock)?\.json|npm-shrinkwrap\.json|[tj]sconfig(?:\.[^/]*)?\.json)$/;

/**
 * Whether the descriptor search leaves out the file at `path` (a project path) by its name.
 * @example isNeverDescriptor("tools/mcp-tools.lock.json") === true
 */
export function isNeverDescriptor(path: string): boolean {
  return PROJECT_FILE.test(path);
}
