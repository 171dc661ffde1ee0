// The tsconfig files `mcp-gen init` writes (templates/init/), for a command that sets up a project
// without them: `import` into a folder with no tsconfig.json. tsconfig.json type-checks src/ and
// test/ with the options the generated code needs ("module": "NodeNext", strict); tsconfig.build.json
// compiles src/ into dist/. Neither is written when tsconfig.json exists: the project has its own.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createMissing, readTextIfExists } from "../files/write-files.js";
import { PACKAGE_ROOT } from "./package-files.js";

const FILES = ["tsconfig.json", "tsconfig.build.json"] as const;

/** Creates init's tsconfig files in `root` when it has no tsconfig.json; answers the paths created. */
export async function createInitTsconfig(root: string): Promise<string[]> {
  if ((await readTextIfExists(join(root, "tsconfig.json"))) !== undefined) return [];
  const files = await Promise.all(FILES.map(async (path) => ({ path, contents: await readFile(join(PACKAGE_ROOT, "templates", "init", path), "utf8") })));
  return createMissing(root, files);
}
