// unchangedOutput: a build may skip generating only when every input is what the lock records, the
// same tools are there, each has its scaffolds, and each generated file is on disk as recorded. Each
// of those, broken alone on a really built project, makes it answer "build".
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unchangedOutput, type UnchangedQuestion } from "../../src/incremental/unchanged-build.js";
import { hashFileText } from "../../src/lock/sha256.js";
import type { LockFile } from "../../src/model/lock.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

async function builtProject(): Promise<{ root: string; question: UnchangedQuestion }> {
  const root = tempProject({
    "tools/ping.yaml": "name: ping\ndescription: Ping.\ninputSchema: { type: object, properties: { host: { $ref: '../schemas/host.yaml' } } }\n",
    "tools/echo.yaml": "name: echo\ndescription: Echo.\ninputSchema: { type: object }\noutputSchema: { type: object }\n",
    "schemas/host.yaml": "type: string\n",
  });
  const run = await runInProcess(root, ["build"]);
  expect(run.code, run.stdout).toBe(0);
  const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as LockFile;
  const hash = (path: string) => (existsSync(join(root, path)) ? hashFileText(readFileSync(join(root, path), "utf8")) : undefined);
  const scaffolds = new Set(["src/handlers/ping.ts", "src/handlers/echo.ts", "test/tools/ping.test.ts", "test/tools/echo.test.ts"]);
  for (const path of scaffolds) expect(existsSync(join(root, path)), path).toBe(true);
  return { root, question: { lock, toolNames: ["echo", "ping"], inputs: new Map(Object.entries(lock.inputs)), packageJson: {}, hash, scaffolds, handlers: "src/handlers", tests: "test/tools" } };
}

describe("unchangedOutput", () => {
  it("answers with the generated files for a project as its last build left it", async () => {
    const { question } = await builtProject();
    const files = unchangedOutput(question);
    expect(files).toEqual(Object.keys(question.lock.files));
    // Six aggregate modules, the two tools' modules and the validators.
    expect(files!.length).toBe(9);
    expect(unchangedOutput({ ...question, toolNames: ["ping", "echo"] })).toEqual(files);
  });

  it("asks for no scaffolds in a project that has none (generate: client)", async () => {
    const { question } = await builtProject();
    expect(unchangedOutput({ ...question, scaffolds: undefined })).toEqual(Object.keys(question.lock.files));
    expect(unchangedOutput({ ...question, scaffolds: new Set() })).toBeUndefined();
  });

  it("answers undefined when any one thing differs", async () => {
    const { question } = await builtProject();
    const inputs = (edit: (map: Map<string, string>) => void) => {
      const map = new Map(question.inputs);
      edit(map);
      return map;
    };
    const variants: Record<string, UnchangedQuestion> = {
      "an input's hash": { ...question, inputs: inputs((map) => map.set("schemas/host.yaml", "0".repeat(64))) },
      "an input more": { ...question, inputs: inputs((map) => map.set("schemas/other.yaml", "0".repeat(64))) },
      "an input less": { ...question, inputs: inputs((map) => map.delete("schemas/host.yaml")) },
      "a tool more": { ...question, toolNames: ["echo", "ping", "pong"] },
      "a tool less": { ...question, toolNames: ["ping"] },
      "a tool renamed": { ...question, toolNames: ["echo", "pinger"] },
      "a handler stub missing": { ...question, scaffolds: new Set([...question.scaffolds!].filter((path) => path !== "src/handlers/echo.ts")) },
      "a test scaffold missing": { ...question, scaffolds: new Set([...question.scaffolds!].filter((path) => path !== "test/tools/ping.test.ts")) },
      "a generated file edited": { ...question, hash: (path) => (path.endsWith("/server.ts") ? "0".repeat(64) : question.hash(path)) },
      "a generated file missing": { ...question, hash: (path) => (path.endsWith("/client.ts") ? undefined : question.hash(path)) },
      "a package.json value taken": { ...question, packageJson: { version: "1.0.0" } },
      "a lock of the earlier format (package.json hashed whole)": { ...question, lock: withoutPackageValues(question.lock) },
    };
    for (const [what, variant] of Object.entries(variants)) expect(unchangedOutput(variant), what).toBeUndefined();
  });
});

function withoutPackageValues(lock: LockFile): LockFile {
  const { packageJson: _values, ...rest } = lock;
  return rest;
}
