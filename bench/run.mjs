#!/usr/bin/env node
// `npm run bench`: measures mcp-gen against what a user would otherwise pick, every result as a
// ratio to a baseline measured in the same run (this machine is shared and noisy; absolute times
// do not compare across runs). See BENCHMARKS.md for what each row means; `--help` for options.
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { machineFacts, loadNow } from "./lib/machine.mjs";
import { machineSection, targetsSection, writeResults, BENCHMARKS_MD } from "./lib/benchmarks-md.mjs";
import { fileCreationCost, fileCreationText } from "./lib/file-creation.mjs";
import { writeHistory } from "./lib/history.mjs";
import { settleExtraCaCerts } from "./lib/node-start.mjs";
import { parseOptions, USAGE } from "./lib/options.mjs";
import { runProfile } from "./lib/profile.mjs";
import { prepareRuntimeProjects } from "./lib/runtime-projects.mjs";
import { buildMcpGen, ensureBenchDependencies } from "./lib/setup.mjs";
import { failedSection, renderText } from "./lib/table.mjs";
import { TargetLog } from "./lib/targets.mjs";
import { buildSuite } from "./suites/build.mjs";
import { httpSuite } from "./suites/http.mjs";
import { inprocSuite } from "./suites/inproc.mjs";
import { lspSuite } from "./suites/lsp.mjs";
import { patternsSuite } from "./suites/patterns.mjs";
import { proxySuite } from "./suites/proxy.mjs";
import { scalingSuite } from "./suites/scaling.mjs";

const started = performance.now();
const log = (line) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

async function main(argv) {
  const options = parseOptions(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  // npm needs the machine's certificate bundle (a proxy that re-signs TLS is why one is set), so
  // the baselines install before it is taken out of the environment every measured child inherits.
  ensureBenchDependencies(log);
  const extraCaCerts = settleExtraCaCerts(options.keepExtraCaCerts);
  const built = options.build ? buildMcpGen(log) : { version: "(not rebuilt: --no-build)", warnings: [] };

  if (options.profile) {
    console.log(await runProfile(options.profile, { log }));
    return 0;
  }

  const facts = machineFacts();
  const creationAtStart = fileCreationCost();
  log(`${facts.cpu}, ${facts.cores} cores; Node ${facts.node}; load average ${facts.loadAverage}`);
  if (extraCaCerts) log(`NODE_EXTRA_CA_CERTS: ${extraCaCerts}`);
  const targets = new TargetLog();
  const ctx = { options, log, targets };
  const sections = [];
  const warnings = [...built.warnings];
  const run = (name) => options.only.includes(name);

  // A suite that fails is reported as failed; the others still run and report.
  const guarded = async (title, suite) => {
    try {
      const result = await suite();
      sections.push(...(Array.isArray(result) ? result : [result]));
      return true;
    } catch (error) {
      log(`${title} FAILED: ${error.message}`);
      sections.push(failedSection(title, error));
      return false;
    }
  };
  if (run("build")) await guarded("Build: GitHub corpus", () => buildSuite(ctx));
  if (run("scaling")) await guarded("Scaling", () => scalingSuite(ctx));
  if (run("patterns")) await guarded("Patterns", () => patternsSuite(ctx));
  if (run("inproc") || run("http")) {
    const ready = await guarded("Runtime projects", async () => {
      const prepared = await prepareRuntimeProjects(log);
      ctx.projects = prepared.projects;
      warnings.push(...prepared.warnings);
      return [];
    });
    if (ready && run("inproc")) await guarded("Server, in-process", () => inprocSuite(ctx));
    if (ready && run("http")) await guarded("Server over HTTP", () => httpSuite(ctx));
  }
  if (run("lsp")) await guarded("Language server", () => lspSuite(ctx));
  if (run("proxy")) await guarded("mcp-gen proxy", () => proxySuite(ctx));

  const duration = `${((performance.now() - started) / 60000).toFixed(1)} min`;
  const command = `node bench/run.mjs${argv.length ? ` ${argv.join(" ")}` : ""}`;
  const loadAtEnd = loadNow();
  const fileCreation = fileCreationText(creationAtStart, fileCreationCost());
  const machine = machineSection(facts, { version: built.version, loadAtEnd, command, duration, extraCaCerts, fileCreation });
  const summary = targetsSection(targets);
  const all = [machine, summary, ...sections];
  const notes = [
    "Medians over the runs; every ratio is against a baseline measured in the same run, so compare ratios, not absolute times, between runs. " +
      "This is a shared 2-core virtual machine: other processes (test suites of other sessions) may have been running during the measurement; the load averages below show how busy it was.",
    ...warnings.map((w) => `Warning: ${w}`),
  ];

  console.log("");
  for (const note of notes) console.log(note);
  for (const section of all) console.log(`\n${renderText(section)}`);
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify({ facts, options, targets: targets.entries, sections }, null, 2)}\n`);
    log(`raw results written to ${options.json}`);
  }
  if (options.write) {
    writeResults(all, notes);
    log(`results written to ${BENCHMARKS_MD}`);
  }
  if (options.full) log(`targets kept in ${writeHistory(facts, targets, { loadAtEnd, duration, fileCreation })} (node bench/ranges.mjs: the ranges over the last full runs)`);
  log(`done in ${duration}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
}
