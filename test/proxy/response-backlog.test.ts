// Backpressure toward --listen clients (src/proxy/response-backlog.ts), on real responses of a
// node:http server on 127.0.0.1: a write past the stream's high-water mark says "wait", and the
// server is let go on once the stream drains (or, ended, is handed to the system whole); a stream that
// does not drain within the stall time is ended, and the server is let go on too.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ResponseBacklog } from "../../src/proxy/response-backlog.js";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server whose one response is handed to the test, and a client that has its headers (its body unread). */
async function stream(): Promise<{ res: ServerResponse; client: IncomingMessage }> {
  let res!: ServerResponse;
  const server = createServer((_req, response) => {
    res = response;
    response.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = await new Promise<IncomingMessage>((resolve) => httpRequest({ host: "127.0.0.1", port: (server.address() as AddressInfo).port }, resolve).end());
  client.pause();
  client.on("error", () => undefined);
  return { res, client };
}

/** Writes `megabytes` of events at once, more than the system's socket buffers take: what the backlog says of the last write. */
function fill(backlog: ResponseBacklog, res: ServerResponse, megabytes: number): boolean {
  const event = `data: ${"x".repeat(64 * 1024)}\n\n`;
  let ok = true;
  for (let i = 0; i < megabytes * 16; i++) ok = res.write(event);
  return backlog.wrote(res, ok);
}

describe("ResponseBacklog", () => {
  it("has the server wait while a client does not read, and lets it go on once the client read again and the stream drained", async () => {
    const stalled: ServerResponse[] = [];
    const backlog = new ResponseBacklog(5000, (res) => void stalled.push(res));
    const { res, client } = await stream();
    expect(fill(backlog, res, 32)).toBe(false);
    const drained = new Promise<void>((resolve) => backlog.onDrain(resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.resume();
    await drained;
    expect(stalled).toEqual([]);
    expect(res.destroyed).toBe(false);
    expect(backlog.wasStalled(res)).toBe(false);
    res.end();
  });

  it("ends the stream of a client that does not drain it within the stall time, says so once, and lets the server go on", async () => {
    const stalled: ServerResponse[] = [];
    const backlog = new ResponseBacklog(300, (res) => void stalled.push(res));
    const { res, client } = await stream();
    expect(fill(backlog, res, 32)).toBe(false);
    const started = Date.now();
    await new Promise<void>((resolve) => backlog.onDrain(resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(stalled).toEqual([res]);
    expect(res.destroyed).toBe(true);
    expect(backlog.wasStalled(res)).toBe(true);
    // A write to the ended stream does not hold the server back.
    expect(backlog.wrote(res, false)).toBe(true);
    client.destroy();
  });

  it("has the server wait for a JSON answer ended past the mark until it is handed to the system", async () => {
    const backlog = new ResponseBacklog(5000, () => undefined);
    const { res, client } = await stream();
    res.end("x".repeat(32 * 1024 * 1024));
    expect(backlog.ended(res)).toBe(false);
    const drained = new Promise<void>((resolve) => backlog.onDrain(resolve));
    client.resume();
    await drained;
    expect(res.writableFinished).toBe(true);
  });
});
