// The examples' generated code and locks are committed: regenerating them must change nothing, so a
// change to templates or the runtime that is not rebuilt into the examples fails here.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "./support/temp-project.js";
import { REPO_ROOT } from "./support/spec-paths.js";

const examples = readdirSync(join(REPO_ROOT, "examples"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe("committed examples", () => {
  for (const name of examples) {
    it(`${name}: a full check finds nothing to regenerate`, async () => {
      const run = await runInProcess(join(REPO_ROOT, "examples", name), ["check", "--full"]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }, 120_000);
  }
});
