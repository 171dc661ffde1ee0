// init writes the project's entry files (src/stdio.ts, src/http.ts) for the SDK of the default
// target, sdk-v2, and says they are the user's. `target: sdk-v1` set afterwards regenerates
// src/generated for the v1 SDK, but an entry that still imports a v2 package (src/stdio.ts's
// `@modelcontextprotocol/server/stdio`) no longer compiles where only @modelcontextprotocol/sdk is
// installed, and the other way round. Build never rewrites the user's files, edited or not (it
// cannot tell "init's, untouched" from "the user's, same bytes on purpose"): it names the import
// and the line that replaces it, as a warning, since the generated code itself is right.
import { join } from "node:path";
import type { Target } from "../config/config.js";
import { readFileNow } from "../files/read-now.js";
import { diagnosticAt } from "../load/diagnostic-at.js";
import { computeLineStarts } from "../load/line-index.js";
import type { Diagnostic } from "../model/diagnostic.js";

export const ENTRY_SDK_MISMATCH = "entry-sdk-mismatch";

/** The entry files init writes, by project path. */
export const INIT_ENTRIES: readonly string[] = ["src/http.ts", "src/stdio.ts"];

/** The SDK packages each target's generated code is written for. */
const TARGET_PACKAGES: ReadonlyMap<Target, RegExp> = new Map([
  ["sdk-v1", /^@modelcontextprotocol\/sdk(\/|$)/],
  ["sdk-v2", /^@modelcontextprotocol\/(server|client|node)(\/|$)/],
]);

/** The stdio entry for each target, as the hint gives it. */
const STDIO_ENTRY: ReadonlyMap<Target, string> = new Map([
  ["sdk-v1", '`import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";` and `await createToolServerFactory(handlers)().connect(new StdioServerTransport());`'],
  ["sdk-v2", '`import { serveStdio } from "@modelcontextprotocol/server/stdio";` and `serveStdio(createToolServerFactory(handlers));`'],
]);

/** A module specifier in an import, an export ... from, or a dynamic import. */
const IMPORT_SPECIFIER = /\b(?:from|import)\s*\(?\s*(["'])(@modelcontextprotocol\/[^"']*)\1/g;

/**
 * One warning per import of the other target's SDK in an entry file: `texts` maps each entry's project
 * path to its text (absent: no such file).
 * @example entrySdkMismatch("sdk-v1", new Map([["src/stdio.ts", 'import { serveStdio } from "@modelcontextprotocol/server/stdio";\n']])) // [src/stdio.ts:1:27 entry-sdk-mismatch]
 */
export function entrySdkMismatch(target: Target, texts: ReadonlyMap<string, string>): Diagnostic[] {
  const other: Target = target === "sdk-v1" ? "sdk-v2" : "sdk-v1";
  const found: Diagnostic[] = [];
  for (const [path, text] of texts) {
    for (const match of text.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[2]!;
      if (!TARGET_PACKAGES.get(other)!.test(specifier)) continue;
      const start = match.index + match[0].length - specifier.length - 2;
      found.push(
        diagnosticAt(
          path,
          computeLineStarts(text),
          { start, end: start + specifier.length + 2 },
          {
            ruleId: ENTRY_SDK_MISMATCH,
            severity: "warning",
            message: `${path} imports "${specifier}", a package of the ${other} SDK, and the config's target is ${target}: the generated code is written for the ${target} SDK, so this entry no longer compiles against it.`,
            hint: path.endsWith("stdio.ts")
              ? `Serve stdio with the ${target} SDK instead: ${STDIO_ENTRY.get(target)!} (or set \`target: ${other}\` again).`
              : `Import from the ${target} SDK's packages instead (or set \`target: ${other}\` again).`,
          },
        ),
      );
    }
  }
  return found;
}

/** entrySdkMismatch for the project at `root`, its entry texts added to `sources` for excerpts. */
export function projectEntrySdkMismatch(root: string, target: Target, sources: Map<string, string>): Diagnostic[] {
  const texts = new Map<string, string>();
  for (const path of INIT_ENTRIES) {
    try {
      texts.set(path, readFileNow(join(root, path), "utf8"));
    } catch {
      // No such entry (or not a readable file): nothing of it to check.
    }
  }
  const found = entrySdkMismatch(target, texts);
  for (const diagnostic of found) sources.set(diagnostic.file, texts.get(diagnostic.file)!);
  return found;
}
