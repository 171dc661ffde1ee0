// The tools/call each benchmarked server answers, and how a correct answer looks.
import { FORECAST_ARGS, FORECAST_TOOL } from "./forecast-tool.mjs";

export const PING_CALL = { name: "ping", arguments: {} };
export const GITHUB_CALL = { name: "repos_get", arguments: { owner: "octo", repo: "hello" } };
export const FORECAST_CALL = { name: FORECAST_TOOL.name, arguments: FORECAST_ARGS };

export function expectForecast(result) {
  return result?.structuredContent?.days?.length === FORECAST_ARGS.days;
}

export function expectText(text) {
  return (result) => result?.content?.[0]?.text === text;
}

/** { call, expect } of a server case (see lib/servers.mjs). */
export function callFor(name) {
  if (name === "floor") return { call: PING_CALL, expect: expectText("pong") };
  if (name.startsWith("one-")) return { call: FORECAST_CALL, expect: expectForecast };
  if (name.startsWith("gh-")) return { call: GITHUB_CALL, expect: expectText("ok") };
  throw new Error(`unknown server case ${name}`);
}
