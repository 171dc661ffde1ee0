// A command the system stopped (the disk full, a read-only file system, no permission) is not a bug
// in mcp-gen: it exits 74 and says what was refused, in the document its --format asks for too; a
// worker thread's failure keeps the errno code that tells the two apart.
import { describe, expect, it } from "vitest";
import { systemFailure } from "../../src/files/system-failure.js";
import { answerError, failureAnswer } from "../../src/incremental/build-worker.js";
import { expectValidSarif } from "../support/sarif-schema.js";
import { runWithFailingCwd } from "../support/temp-project.js";

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("a command the system stopped", () => {
  it("exits 74 naming what was refused, and asks for no bug report", async () => {
    const run = await runWithFailingCwd(["build"], errno("ENOSPC", "ENOSPC: no space left on device, write"));
    expect(run.code).toBe(74);
    expect(run.stderr).toBe("mcp-gen build: the system refused an operation (ENOSPC: the disk is full): ENOSPC: no space left on device, write. mcp-gen stopped; run it again once that is fixed.\n");
    expect(run.stderr).not.toContain("bug");
  });

  it("prints the SARIF log its --format asks for, with exit 74", async () => {
    const run = await runWithFailingCwd(["check", "--format", "sarif"], errno("EROFS", "EROFS: read-only file system, open '/app/mcp-tools.lock.json'"));
    expect(run.code).toBe(74);
    const log = expectValidSarif(run.stdout) as { runs: { invocations: { exitCode: number; toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
    expect(log.runs[0]!.invocations[0]!.exitCode).toBe(74);
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain("(EROFS: the file system is read-only)");
  });

  it("shows a path's hidden characters in the message", async () => {
    const run = await runWithFailingCwd(["build"], errno("EACCES", "EACCES: permission denied, open '/app/a\u202Eb\n::error::x'"));
    expect(run.stderr).toContain("'/app/a<U+202E>b<U+000A>::error::x'");
  });

  it("leaves every other error an internal error (exit 70)", async () => {
    const run = await runWithFailingCwd(["build"], errno("ENOENT", "ENOENT: no such file or directory, open 'x'"));
    expect(run.code).toBe(70);
    expect(run.stderr).toContain("internal error");
    expect(systemFailure(new Error("no code"))).toBeUndefined();
    expect(systemFailure({ code: 28 })).toBeUndefined();
  });
});

it("a worker's failure keeps its errno code across the thread", () => {
  const sent = failureAnswer(3, errno("EDQUOT", "EDQUOT: disk quota exceeded, write"));
  // What crosses the thread is plain data (structured clone keeps it as it is).
  const received = answerError(structuredClone(sent) as { error: string; code?: string });
  expect(received.message).toBe("EDQUOT: disk quota exceeded, write");
  expect(systemFailure(received)).toEqual({ code: "EDQUOT", why: "the disk quota is used up" });
  expect(systemFailure(answerError(failureAnswer(4, new Error("a bug")) as { error: string }))).toBeUndefined();
});
