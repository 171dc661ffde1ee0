// The GitHub Action's pull-request side (action/run.sh calls it), on Node's own modules only:
//   node pull-request.mjs base
//     prints the pull request's base commit from the event payload ($GITHUB_EVENT_PATH).
//   node pull-request.mjs diff CODE MARKDOWN JSON
//     takes `mcp-gen diff`'s exit code and its Markdown and JSON reports, and gives the verdict as
//     the step's output `diff` ($GITHUB_OUTPUT) and its exit code (0, or 1 when failed): passed,
//     reviewed (the changes would fail the check, and the pull request carries the review label,
//     $MCP_GEN_REVIEW_LABEL) or failed. It appends the report, with what the label does, to
//     the job summary, and posts it as one comment on the pull request, or updates the comment it
//     posted before (found by a hidden marker that names the project's folder), through the REST API
//     ($GITHUB_API_URL) with the workflow's token ($MCP_GEN_TOKEN). A pull request without tool
//     changes gets no comment, but one posted before is updated to say so. A comment that cannot be
//     posted (a pull request from a fork gets a read-only token) is a warning, never a failure.
import { appendFileSync, readFileSync } from "node:fs";
import { relative } from "node:path";

const env = process.env;

/** The event payload, or an empty object outside a workflow run. */
function readEvent() {
  try {
    return JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8"));
  } catch {
    return {};
  }
}

/** A report file's text, or undefined when the command wrote none. */
function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The project's folder from the repository's root: "." or "packages/server". */
function projectFolder() {
  const folder = relative(env.GITHUB_WORKSPACE ?? process.cwd(), process.cwd())
    .split("\\")
    .join("/");
  return folder === "" ? "." : folder;
}

/** GitHub keeps 65,536 characters of a comment. */
const MAX_COMMENT = 60_000;

/**
 * The verdict on the diff and the text around the report: `blocking` is how many changes fail the
 * check (the JSON report's counts, under --fail-on), `labeled` whether the pull request carries the label.
 */
function reviewVerdict({ code, json, label, labeled }) {
  if (code === 0) return { verdict: "passed", note: "" };
  // Anything but tool changes (a lock that cannot be read, bad usage) is not the reviewer's to accept.
  const changes = json?.changes?.length ?? 0;
  const reviewable = code === 1 && changes > 0 && (json?.diagnostics?.length ?? 0) === 0;
  if (!reviewable || label === "") return { verdict: "failed", note: "" };
  if (labeled)
    return {
      verdict: "reviewed",
      note: `**Reviewed.** The pull request carries the label \`${label}\`, so these changes pass this check. Removing the label fails it again; while it stays, tool changes pushed later pass too, so remove it when more come.`,
    };
  return {
    verdict: "failed",
    note: `**Needs review.** These changes fail this check until the pull request carries the label \`${label}\`: a reviewer who has read them adds it, and the check runs again.`,
  };
}

/** The Markdown of the summary and the comment: the report with its verdict line, then the note. */
function reviewReport(markdown, verdict, note) {
  const report = verdict === "reviewed" ? markdown.replace(/^### mcp-gen diff: failed$/m, "### mcp-gen diff: reviewed") : markdown;
  return note === "" ? report : `${report.trimEnd()}\n\n${note}\n`;
}

async function github(method, path, body) {
  const response = await fetch(`${(env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/$/, "")}${path}`, {
    method,
    headers: {
      accept: "application/vnd.github+json",
      authorization: `Bearer ${env.MCP_GEN_TOKEN}`,
      "content-type": "application/json",
      "user-agent": "mcp-gen-action",
      "x-github-api-version": "2022-11-28",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${response.statusText} ${(await response.text()).slice(0, 200)}`);
  return response.json();
}

/** The comment this action posted on the pull request before: the first with the marker. */
async function findComment(repository, number, marker) {
  for (let page = 1; ; page++) {
    const comments = await github("GET", `/repos/${repository}/issues/${number}/comments?per_page=100&page=${page}`);
    const found = comments.find((comment) => typeof comment.body === "string" && comment.body.includes(marker));
    if (found || comments.length < 100) return found;
  }
}

/** Posts the report as the pull request's one mcp-gen comment for this project, or updates it. */
async function comment(event, report, hasChanges) {
  const number = event.pull_request?.number;
  const repository = event.repository?.full_name ?? env.GITHUB_REPOSITORY;
  if (env.MCP_GEN_COMMENT === "false" || typeof number !== "number" || !repository) return;
  if (!env.MCP_GEN_TOKEN) {
    console.log("::warning title=mcp-gen::No github-token: the report is in the job summary, not in a pull-request comment.");
    return;
  }
  const marker = `<!-- mcp-gen-action: diff of ${projectFolder()} -->`;
  const text = report.length > MAX_COMMENT ? `${report.slice(0, MAX_COMMENT)}\n\n… cut: the job summary has the whole report.\n` : report;
  const body = `${marker}\n${text}`;
  try {
    const existing = await findComment(repository, number, marker);
    if (existing) await github("PATCH", `/repos/${repository}/issues/comments/${existing.id}`, { body });
    else if (hasChanges) await github("POST", `/repos/${repository}/issues/${number}/comments`, { body });
  } catch (error) {
    // A fork's pull request gets a read-only token; the check's result does not depend on the comment.
    console.log(
      `::warning title=mcp-gen::Could not comment on the pull request (the job summary has the report; the workflow needs permissions: pull-requests: write): ${String(error.message).replace(/\r?\n/g, " ")}`,
    );
  }
}

async function main([command, ...args]) {
  const event = readEvent();
  if (command === "base") {
    process.stdout.write(String(event.pull_request?.base?.sha ?? ""));
    return;
  }
  if (command !== "diff") throw new Error(`unknown command ${command}`);
  const [code, markdownFile, jsonFile] = args;
  const markdown = readText(markdownFile) ?? "";
  let json;
  try {
    json = JSON.parse(readText(jsonFile) ?? "");
  } catch {
    json = undefined;
  }
  const label = env.MCP_GEN_REVIEW_LABEL ?? "";
  // GitHub's label names are case-insensitive (a repository cannot have both "Reviewed" and "reviewed").
  const labeled = (event.pull_request?.labels ?? []).some((l) => typeof l?.name === "string" && l.name.toLowerCase() === label.toLowerCase());
  const { verdict, note } = reviewVerdict({ code: Number(code), json, label, labeled });
  const report = reviewReport(markdown, verdict, note);
  if (report !== "" && env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${report}\n`);
  if (markdown !== "") await comment(event, report, (json?.changes?.length ?? 0) > 0 || verdict === "failed");
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `diff=${verdict}\n`);
  process.exitCode = verdict === "failed" ? 1 : 0;
}

await main(process.argv.slice(2));
