// mcp-gen's own regular expressions run over descriptor text (descriptions, titles) in the
// description rules, so they are an attack surface of mcp-gen's process (issue 14): each must answer
// in time linear in the text. The shadowing pattern that opens with a tool name was tried from every
// character of a long name, each try running to the name's end: a 20,000-letter word took 3 s and a
// 1 MiB description (the load limit) hours. A stuck regular expression cannot be interrupted in its
// own thread, so the matchers run in a child process (the compiled modules in dist/) that is killed
// after a minute; these texts, 300,000 characters each, took far longer before the fix and now take
// about a second together.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

const LENGTH = 300_000;
/** Repeated units that make a backtracking pattern try many starts or many splits, then a tail that almost matches. */
const UNITS = [
  "a",
  "a.",
  "a-",
  "a.b-",
  "_",
  "`a",
  "a ",
  "the x tool ",
  "when calling a ",
  "side effect on ",
  "x must ",
  "<system ",
  "<instructions>",
  ".ssh/",
  "ignore previous ",
  "a\n",
  "1.",
  // Line breaks read as spaces, the look back to where an order opens, and the shapes after them.
  "\n",
  " \n",
  "\n- ",
  "a_b\n",
  "instead of a_b ",
  ". act as the ",
  "you\u2019re now the ",
  "ignore , please , ",
  "without the user's ",
  "do not tell the user ",
  // Each order excused by "unless" the user asks, so every one of them is read to its asker.
  "do not tell the user the id unless asked to do so by the user ",
  "do not mention it to the user unless they ask ",
  "YOU ARE NOW You are NOW JARVIS ,",
  "when a_b is called ",
  "a_b must now ",
];
const TAIL = "! when calling the x tool you must always send it. side effect on the x tool must use";

const module = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, "dist", path)).href);
const SCRIPT = `
import { findShadowing } from ${module("validate/rules/description-tool-shadowing/find-shadowing.js")};
import { findInjectionPhrase } from ${module("validate/rules/description-prompt-injection/injection-phrases.js")};
import { HIDDEN_BLOCKS } from ${module("validate/rules/description-hidden-instructions/hidden-blocks.js")};
const { units, length, tail } = JSON.parse(process.argv[1]);
for (const unit of units) {
  const text = unit.repeat(Math.ceil(length / unit.length)) + tail;
  findShadowing(text, { self: "t", tools: new Set(["x", "send_email"]), properties: new Set() });
  findInjectionPhrase(text);
  for (const { pattern } of HIDDEN_BLOCKS) new RegExp(pattern.source, pattern.flags).test(text);
  console.log(JSON.stringify(unit));
}`;

describe("the description rules' patterns are linear in the text", () => {
  it(`answer on ${UNITS.length} adversarial texts of ${LENGTH.toLocaleString("en")} characters`, { timeout: 90_000 }, () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT, JSON.stringify({ units: UNITS, length: LENGTH, tail: TAIL })], { encoding: "utf8", timeout: 60_000 });
    const done = run.stdout.trim().split("\n").filter(Boolean);
    expect(run.signal, `stuck after ${done.length} texts, on ${JSON.stringify(UNITS[done.length])} (stderr: ${run.stderr})`).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(done).toEqual(UNITS.map((unit) => JSON.stringify(unit)));
  });
});
