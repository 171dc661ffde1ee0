// The language server's file watcher and a descriptor whose extension differs from the globs' by
// case (load-extension-case): the pattern it asks the editor to watch matches `x.YAML`, `x.Yml` and
// `x.JSON` as well as the names the globs read, so such a file created outside the editor is
// reported as soon as it appears, as `mcp-gen validate` reports it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { LspClient } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const TOOL = "name: a\ndescription: Tool a.\ninputSchema:\n  type: object\n  additionalProperties: false\n";

describe("the files the language server watches", () => {
  it("include every name a tools glob may miss only by case, and the warning comes when one is created", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL });
    const client = LspClient.inProcess(root);
    const patterns: string[] = [];
    client.connection.onRequest("client/registerCapability", (params: { registrations: { method: string; registerOptions: { watchers: { globPattern: string }[] } }[] }) => {
      for (const registration of params.registrations) for (const watcher of registration.registerOptions.watchers) patterns.push(watcher.globPattern);
      return null;
    });
    try {
      await client.initialize({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.open("tools/a.yaml");
      await client.current("tools/a.yaml");
      expect(patterns).toHaveLength(1);
      const names = tempProject({ "tools/a.yaml": "", "tools/b.YAML": "", "tools/c.Yml": "", "tools/d.JSON": "", "tools/e.json": "", "tools/notes.md": "", "tools/f.yaml.bak": "" });
      expect(globSync(patterns, { cwd: names }).sort()).toEqual(["tools/a.yaml", "tools/b.YAML", "tools/c.Yml", "tools/d.JSON", "tools/e.json"]);
      const mark = client.mark();
      writeFileSync(join(root, "tools/b.YAML"), TOOL.replace("name: a", "name: b"));
      await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("tools/b.YAML"), type: 1 }] });
      expect((await client.diagnostics("tools/b.YAML", mark, (p) => p.diagnostics.length > 0)).map((d) => [d.code, d.message])).toEqual([
        [
          "load-extension-case",
          'tools/b.YAML is not read as a descriptor: the tools glob "tools/**/*.{yaml,yml,json}" matches ".yaml", not ".YAML" (globs tell upper from lower case, on macOS and Windows too).\nRename it to tools/b.yaml.',
        ],
      ]);
    } finally {
      await client.shutdown();
    }
  });
});
