// The test scaffold of a tool that asks the user (x-mcp-gen.inputRequests) answers its own forms:
// with a correct handler in place of the stub, the scaffold mcp-gen wrote passes, for each target.
// Before, it connected without onElicit, so the client declared no elicitation and every call of
// such a tool failed ("the request's client capabilities do not declare the required capability").
// The stub itself, which shows ctx.answer and ctx.ask, compiles under tsc --strict.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileProject, runNode } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess } from "../support/temp-project.js";

const FIXTURE = join(REPO_ROOT, "test", "fixtures", "build", "input-requests");
const VITEST = join(REPO_ROOT, "node_modules", "vitest", "vitest.mjs");

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    skipLibCheck: true,
    types: ["node"],
    noEmit: true,
  },
  include: ["src", "test"],
};

/** A handler that asks for both forms, then moves the amount only when the user confirmed. */
const TRANSFER = `import type { ToolHandlers } from "../generated/server.js";

export const transfer: ToolHandlers["transfer"] = (_args, ctx) => {
  const amount = ctx.answer("amount");
  const confirm = ctx.answer("confirm");
  if (amount.kind === "missing" || confirm.kind === "missing") return ctx.ask({ amount: {}, confirm: {} });
  if (amount.kind !== "accepted" || confirm.kind !== "accepted" || !confirm.content.confirm) return { transferred: 0 };
  return { transferred: amount.content.amount };
};
`;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe.each(["sdk-v2", "sdk-v1"])("a tool with input requests, target %s", (target) => {
  it("gets a stub that shows ctx.answer and ctx.ask and compiles, and a scaffold that passes with a correct handler", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-gen-input-scaffold-"));
    roots.push(root);
    cpSync(join(FIXTURE, "tools"), join(root, "tools"), { recursive: true });
    writeFileSync(join(root, "mcp-gen.config.yaml"), `${readFileSync(join(FIXTURE, "mcp-gen.config.yaml"), "utf8")}${target === "sdk-v1" ? "target: sdk-v1\n" : ""}`);
    writeFileSync(join(root, "package.json"), '{ "name": "bank", "version": "2.0.0", "private": true, "type": "module" }\n');
    writeFileSync(join(root, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");

    const stub = readFileSync(join(root, "src/handlers/transfer.ts"), "utf8");
    expect(stub).toContain('const answer = ctx.answer("amount");');
    expect(stub).toContain('if (answer.kind === "missing") return ctx.ask({ amount: {} });');
    await compileProject(join(root, "tsconfig.json"));

    const scaffold = readFileSync(join(root, "test/tools/transfer.test.ts"), "utf8");
    expect(scaffold).toContain('onElicit: answerInputRequests("transfer", {');
    writeFileSync(join(root, "src/handlers/transfer.ts"), TRANSFER);
    writeFileSync(join(root, "src/handlers/balance.ts"), 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const balance: ToolHandlers["balance"] = () => 100;\n');
    await compileProject(join(root, "tsconfig.json"));
    const run = await runNode([VITEST, "run", "--root", root, "--dir", "test/tools", "--reporter", "verbose"], root);
    const output = run.output.replace(/\u001b\[[0-9;]*m/g, "");
    expect(output).toMatch(/Test Files\s+2 passed \(2\)/);
    expect(run.code, output).toBe(0);
  }, 180_000);
});
