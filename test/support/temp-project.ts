// Temporary projects on disk for command-line tests, and an in-process way to run the CLI.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { runCli } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → text or bytes) into a fresh temporary folder and returns its path. */
export function tempProject(files: Readonly<Record<string, string | Uint8Array>>): string {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-test-"));
  created.push(root);
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Readonly<Record<string, string | Uint8Array>>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `mcp-gen <argv>` in this process with `cwd` as the working directory. */
export async function runInProcess(cwd: string, argv: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = { cwd, env, isTty: false, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/**
 * Runs `mcp-gen <argv>` in this process with an io whose working directory throws `error` the moment
 * the command reads it: every command fails inside, past its arguments, with that error.
 */
export async function runWithFailingCwd(argv: readonly string[], error: Error): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    get cwd(): string {
      throw error;
    },
    env: {},
    isTty: false,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
