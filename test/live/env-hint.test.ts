// envHint: the variables a failed stdio server names on stderr that are set where mcp-gen runs but
// were not passed to it, with how to pass them (--env, or the client config's "env"); never a value,
// never a variable the server got, never one that is not set here.
import { describe, expect, it } from "vitest";
import { envHint, missingVariables } from "../../src/live/env-hint.js";
import type { LiveTarget } from "../../src/live/live-connection.js";

const target: LiveTarget = { kind: "stdio", command: "npx", args: ["server"], cwd: "/p", env: { PASSED_TOKEN: "p" } };
const here = { GITHUB_TOKEN: "ghp_secret", REGION: "eu", PASSED_TOKEN: "p", PATH: "/bin", lowercase_var: "x" };

describe("envHint", () => {
  it("names each variable the output names that is set here and was not passed, in capitals as a whole word", () => {
    const stderr = "Error: GITHUB_TOKEN environment variable is required (REGION optional; see MY_GITHUB_TOKEN_DOCS). PATH=/bin PASSED_TOKEN ok lowercase_var UNSET_VAR";
    expect(missingVariables(stderr, here, new Set(["PATH", "PASSED_TOKEN"]))).toEqual(["GITHUB_TOKEN", "REGION"]);
  });

  it("--command: the --env options to add; a client config: the entry's env", () => {
    expect(envHint("GITHUB_TOKEN is not set", target, here, "option")).toBe(
      "The server's output names GITHUB_TOKEN, which is set in this environment but was not passed to the server (mcp-gen passes a server only PATH, HOME and a few others): run again with --env GITHUB_TOKEN.",
    );
    expect(envHint("need GITHUB_TOKEN and REGION", target, here, "client-config")).toBe(
      'The server\'s output names GITHUB_TOKEN and REGION, which are set in this environment but were not passed to the server (mcp-gen passes a server only PATH, HOME and a few others): add "GITHUB_TOKEN": "${env:GITHUB_TOKEN}", "REGION": "${env:REGION}" to the server\'s "env" in the client config.',
    );
  });

  it("nothing to say: no such variable, one it got, an HTTP server, no stderr", () => {
    expect(envHint("crashed: TypeError", target, here, "option")).toBeUndefined();
    expect(envHint("PASSED_TOKEN is wrong; PATH too", target, here, "option")).toBeUndefined();
    expect(envHint("GITHUB_TOKEN", { kind: "http", url: new URL("http://127.0.0.1/mcp"), headers: {} }, here, "option")).toBeUndefined();
    expect(envHint(undefined, target, here, "option")).toBeUndefined();
    expect(envHint("GITHUB_TOKEN", target, here, "option")).not.toContain("ghp_secret");
  });
});
