// The server's side of the protocol's framing, in this process, fed raw bytes: a frame that is not a
// message (a header block without a usable Content-Length, content over the limit, content that is
// not a JSON object) is dropped with one problem, and the message after it, in the same chunk or a
// later one, is answered. `mcp-gen lsp` as a process says the problem on stderr (lsp-process.test.ts).
import { describe, expect, it } from "vitest";
import { type Message, StreamMessageReader } from "vscode-languageserver/node";
import { MAX_CONTENT_BYTES } from "../../src/lsp/message-frames.js";
import { serveInProcess } from "../support/lsp-client.js";

const frame = (message: object) => {
  const content = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }));
  return Buffer.concat([Buffer.from(`Content-Length: ${content.length}\r\n\r\n`), content]);
};
const initialize = (id: number) => frame({ id, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });

/** The server on a pair of streams, written to byte by byte as a test says. */
function rawSession() {
  const { toServer, toClient, exited, problems } = serveInProcess();
  const answers: Message[] = [];
  const listeners = new Set<() => void>();
  new StreamMessageReader(toClient).listen((message) => {
    answers.push(message);
    for (const listener of listeners) listener();
  });
  return {
    problems,
    exited,
    write: (bytes: string | Buffer) => new Promise<void>((resolve) => toServer.write(bytes, () => resolve())),
    /** The answer to request `id`, once it comes. */
    answer: (id: number) =>
      new Promise<Message & { result?: unknown }>((resolve) => {
        const look = () => {
          const found = answers.find((message) => (message as { id?: unknown }).id === id);
          if (found) resolve(found as Message & { result?: unknown });
        };
        listeners.add(look);
        look();
      }),
  };
}

describe("mcp-gen lsp reading frames", () => {
  const badHeaders = ["Content-Length: -5\r\n\r\n", "Content-Type: x\r\n\r\n", "Content-Length: abc\r\n\r\n", "not a header\r\n\r\n"];

  for (const bad of badHeaders) {
    it(`drops ${JSON.stringify(bad)} with one problem, and answers the message that follows it in the same chunk`, async () => {
      const session = rawSession();
      await session.write(Buffer.concat([Buffer.from(bad), initialize(1)]));
      const answer = await session.answer(1);
      expect((answer.result as { serverInfo?: { name: string } }).serverInfo?.name).toBe("mcp-gen");
      expect(session.problems).toHaveLength(1);
      expect(session.problems[0]).toMatch(/dropped$/);
      // And in a chunk of its own, before a later one.
      await session.write(bad);
      await session.write(frame({ id: 2, method: "shutdown" }));
      expect(await session.answer(2)).toMatchObject({ id: 2, result: null });
      expect(session.problems).toHaveLength(2);
      await session.write(frame({ method: "exit" }));
      expect(await session.exited).toBe(0);
    });
  }

  it("skips content over the limit as it comes, says so once, and answers the next message", async () => {
    const session = rawSession();
    const announced = MAX_CONTENT_BYTES + 1;
    await session.write(`Content-Length: ${announced}\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let sent = 0; sent < announced; sent += chunk.length) await session.write(chunk.subarray(0, Math.min(chunk.length, announced - sent)));
    await session.write(initialize(1));
    expect(await session.answer(1)).toHaveProperty("result.serverInfo.name", "mcp-gen");
    expect(session.problems).toEqual([`Content-Length ${announced} is over the limit of ${MAX_CONTENT_BYTES} bytes; its content is skipped`]);
  });

  it("drops content that is not a JSON object, and answers the next message", async () => {
    const session = rawSession();
    const contents = ["{not json", "\xff\xfe", "[1,2]", "null"];
    await session.write(
      Buffer.concat([...contents.map((text) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(text, "latin1")}\r\n\r\n`), Buffer.from(text, "latin1")])), initialize(1)]),
    );
    expect(await session.answer(1)).toHaveProperty("result.serverInfo.name", "mcp-gen");
    expect(session.problems).toHaveLength(4);
    expect(session.problems[0]).toMatch(/^a message of 9 bytes that is not UTF-8 JSON \(.+\); dropped$/);
    expect(session.problems[1]).toMatch(/^a message of 2 bytes that is not UTF-8 JSON \(.+\); dropped$/);
    expect(session.problems.slice(2)).toEqual(["a message of 5 bytes that is JSON but not an object; dropped", "a message of 4 bytes that is JSON but not an object; dropped"]);
  });
});
