// A stdio server that failed, and what it wrote on stderr → the environment variables it names that
// are set where mcp-gen runs but were not passed to it (verify and import pass a server only PATH,
// HOME and a few others, plus what --env or the client config's "env" names), with how to pass them.
// Names only: a value is never read into a message. Loaded only when a server has failed.
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";
import type { LiveTarget } from "./live-connection.js";

/**
 * The variables `stderr` names (as a whole word, in capitals) that `here` sets and the server did not get.
 * @example missingVariables("GITHUB_TOKEN is not set", { GITHUB_TOKEN: "x" }, new Set()) // ["GITHUB_TOKEN"]
 */
export function missingVariables(stderr: string, here: Readonly<Record<string, string | undefined>>, passed: ReadonlySet<string>): string[] {
  const named = new Set(stderr.match(/(?<![A-Za-z0-9_$])[A-Z][A-Z0-9_]{2,}(?![A-Za-z0-9_])/g) ?? []);
  return [...named].filter((name) => Object.hasOwn(here, name) && here[name] !== undefined && !passed.has(name)).sort();
}

/**
 * How to pass the variables a failed stdio server names, or undefined when it names none that is set
 * here and missing there. `from`: "option" for --command (add --env NAME), "client-config" for an
 * entry of a client config (add it to the entry's "env").
 */
export function envHint(stderr: string | undefined, target: LiveTarget, here: Readonly<Record<string, string | undefined>>, from: "option" | "client-config"): string | undefined {
  if (target.kind !== "stdio" || stderr === undefined) return undefined;
  const passed = new Set([...DEFAULT_INHERITED_ENV_VARS, ...Object.keys(target.env)]);
  const missing = missingVariables(stderr, here, passed);
  if (missing.length === 0) return undefined;
  const names = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  const set = `${missing.length === 1 ? "is" : "are"} set in this environment but ${missing.length === 1 ? "was" : "were"} not passed to the server (mcp-gen passes a server only PATH, HOME and a few others)`;
  const how =
    from === "option"
      ? `run again with ${missing.map((name) => `--env ${name}`).join(" ")}`
      : `add ${missing.map((name) => `"${name}": "\${env:${name}}"`).join(", ")} to the server's "env" in the client config`;
  return `The server's output names ${names}, which ${set}: ${how}.`;
}
