// serverRecord: the lock's record of the server it pins holds who the server says it is and where
// the tools came from, and never a credential: no URL user, password, query or fragment, and a
// command's credential-bearing arguments redacted (a client config's ${env:NAME} stays, unfilled).
// compareServer: a server that says it is another is another server.
import { describe, expect, it } from "vitest";
import { publicUrl } from "../../src/live/public-url.js";
import { compareServer, describeRecord, redactCommand, REDACTED, serverRecord } from "../../src/live/server-record.js";

describe("serverRecord", () => {
  it("a stdio server: serverInfo and the command as written", () => {
    const target = { kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], cwd: "/p", env: { MEMORY_FILE_PATH: "/home/me/secret.jsonl" } } as const;
    expect(serverRecord(target, { name: "memory-server", version: "0.6.3" })).toEqual({ name: "memory-server", version: "0.6.3", command: ["npx", "-y", "@modelcontextprotocol/server-memory"] });
    // A client config's words before its variables were filled in.
    expect(serverRecord({ ...target, args: ["--root", "/home/me"], written: ["npx", "--root", "${workspaceFolder}"] }, undefined)).toEqual({ command: ["npx", "--root", "${workspaceFolder}"] });
  });

  it("an HTTP server: scheme, host, port and path only", () => {
    const target = { kind: "http", url: new URL("https://me:pw@mcp.example.com:8443/v1/mcp?token=abc#x"), headers: { Authorization: "Bearer abc" } } as const;
    expect(serverRecord(target, { name: "x" })).toEqual({ name: "x", url: "https://mcp.example.com:8443/v1/mcp" });
    expect(serverRecord({ ...target, written: "${env:BASE}/mcp?key=${env:KEY}" }, undefined)).toEqual({ url: "${env:BASE}/mcp" });
  });

  it("a saved answer: its path", () => {
    expect(serverRecord({ kind: "file", display: "saved/tools.json" }, undefined)).toEqual({ file: "saved/tools.json" });
  });
});

describe("redactCommand", () => {
  it.each([
    [
      ["server", "--api-key", "sk-123", "--port", "3"],
      ["server", "--api-key", REDACTED, "--port", "3"],
    ],
    [
      ["server", "--token=abc", "--verbose"],
      ["server", `--token=${REDACTED}`, "--verbose"],
    ],
    [
      ["env", "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_x", "server"],
      ["env", `GITHUB_PERSONAL_ACCESS_TOKEN=${REDACTED}`, "server"],
    ],
    [
      ["server", "--header", "Authorization: Bearer x"],
      ["server", "--header", `Authorization: ${REDACTED}`],
    ],
    [
      ["server", "--password", "--other"],
      ["server", "--password", "--other"],
    ],
    [
      ["server", "https://u:p@h.example/x?sig=1"],
      ["server", "https://h.example/x"],
    ],
    [
      ["server", "--url=https://h.example/x?sig=1"],
      ["server", "--url=https://h.example/x"],
    ],
    [
      ["server", "--secret", "${env:SECRET}"],
      ["server", "--secret", "${env:SECRET}"],
    ],
    [
      ["node", "dist/index.js", "stdio", "--root", "/srv/data"],
      ["node", "dist/index.js", "stdio", "--root", "/srv/data"],
    ],
  ])("%j → %j", (words, expected) => {
    expect(redactCommand(words)).toEqual(expected);
  });

  it("publicUrl keeps a URL without credentials as it is", () => {
    expect(publicUrl("http://127.0.0.1:3000/mcp")).toBe("http://127.0.0.1:3000/mcp");
  });
});

describe("compareServer", () => {
  it("another name is another server; a version is the same server's", () => {
    expect(compareServer({ name: "memory-server", version: "1" }, { name: "everything", version: "1" })).toEqual({ kind: "other" });
    expect(compareServer({ name: "memory-server", version: "1" }, { name: "memory-server", version: "2" })).toEqual({ kind: "same", versionChanged: true });
    expect(compareServer({ name: "memory-server" }, { name: "memory-server", version: "2" })).toEqual({ kind: "same", versionChanged: false });
    // A lock without the record (an earlier mcp-gen, or a build) and a server without a name compare nothing.
    expect(compareServer(undefined, { name: "x", version: "1" })).toEqual({ kind: "unknown" });
    expect(compareServer({ command: ["x"] }, { name: "x", version: "1" })).toEqual({ kind: "unknown" });
    expect(compareServer({ name: "x" }, { name: undefined, version: undefined })).toEqual({ kind: "unknown" });
  });

  it("describeRecord names the server and where it came from", () => {
    expect(describeRecord({ name: "m", version: "1.0", command: ["npx", "m"] })).toBe('"m" 1.0 (npx m)');
    expect(describeRecord({ url: "https://x/mcp" })).toBe("a server that sent no name (https://x/mcp)");
  });
});
