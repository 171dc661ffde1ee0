// A server that cannot start: `mcp-gen proxy -- COMMAND` says so on stderr (exitLike) and in the
// error answers the host gets, quoting the command. The command is the user's own text and may hold
// anything; printed raw, an escape in it would rewrite the terminal and a line break or U+2028 would
// start a forged line. Node also refuses a NUL character before starting anything, with a message
// that repeats the command: that reaches the proxy as the same kind of start failure.
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { ChildServer } from "../../src/proxy/child-server.js";
import type { ServerEnd, UpstreamEvents } from "../../src/proxy/ports.js";
import { exitLike } from "../../src/proxy/process-life.js";

const IGNORED: UpstreamEvents = {
  line: () => undefined,
  fault: () => undefined,
  noise: () => undefined,
  failed: () => undefined,
  trouble: () => undefined,
  ended: () => undefined,
  drain: () => undefined,
  missed: () => undefined,
  sessionLost: () => undefined,
  lost: () => Promise.resolve({ send: false }),
};

/** Starts `command args`, which must fail; what it rejects with, and what the proxy prints as it exits. */
async function failedStart(command: string, args: readonly string[]): Promise<{ rejected: string; printed: string; status: number }> {
  const server = new ChildServer({ command, args, cwd: tmpdir(), env: { PATH: process.env.PATH }, maxMessageBytes: 1 << 20 });
  const rejected = await server.start(IGNORED).then(
    () => "started",
    (e: Error) => e.message,
  );
  const end: ServerEnd = await server.close();
  let printed = "";
  const status = exitLike(end, (text) => (printed += text));
  return { rejected, printed, status };
}

/** Characters a terminal or a log viewer acts on; the one line break allowed ends the line. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("the proxy's message for a server that cannot start", () => {
  it("shows an escape, CR, BEL, LF, U+2028 and a bidi override in the command as <U+...> or JSON escapes, on one line", async () => {
    const run = await failedStart("mcp-gen-no-such\u001b[2J\r\u0007\u2028\u202e\n::error::x", []);
    const line = 'could not start "mcp-gen-no-such<U+001B>[2J<U+000D><U+0007><U+2028><U+202E>\\n::error::x": no such program.';
    expect(run.rejected).toBe(line);
    expect(run.printed).toBe(`mcp-gen proxy: ${line}\n`);
    expect(run.printed.slice(0, -1)).not.toMatch(RAW);
    expect(run.status).toBe(1);
  });

  it("says a NUL character stopped it, rather than throwing or repeating Node's message with the argument raw", async () => {
    const run = await failedStart("mcp-gen-no-such-server", ["a\u0000\u2028\u001b[2J"]);
    const line = 'could not start "mcp-gen-no-such-server": it or one of its arguments holds a NUL character.';
    expect(run.rejected).toBe(line);
    expect(run.printed).toBe(`mcp-gen proxy: ${line}\n`);
    expect(run.status).toBe(1);
  });
});
