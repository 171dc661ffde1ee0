// Facts about the machine and the code under test, printed above every table.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem, type as osType, release } from "node:os";
import { join } from "node:path";
import { REPO_DIR } from "./paths.mjs";
import { rssMethod } from "./measure.mjs";

function git(args) {
  try {
    return execFileSync("git", args, { cwd: REPO_DIR, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

function version(pkg) {
  try {
    return JSON.parse(readFileSync(join(REPO_DIR, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

export function machineFacts() {
  const list = cpus();
  // What the bench writes itself (the results, their history, the ranges in README.md) does not make the code under test another.
  const dirty = git(["status", "--porcelain", "--untracked-files=no", "--", ".", ":!BENCHMARKS.md", ":!README.md", ":!bench/history"]) !== "";
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpu: list[0]?.model?.trim() ?? "unknown",
    cores: list.length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: loadavg()
      .map((x) => x.toFixed(2))
      .join(" "),
    commit: `${git(["rev-parse", "--short", "HEAD"]) || "unknown"}${dirty ? " (with uncommitted changes)" : ""}`,
    sdk: `@modelcontextprotocol/server ${version("@modelcontextprotocol/server")}, client ${version("@modelcontextprotocol/client")}, node ${version("@modelcontextprotocol/node")}`,
    rss: rssMethod(),
  };
}

export function loadNow() {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
}
