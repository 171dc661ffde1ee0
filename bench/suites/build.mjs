// Build workloads on the GitHub corpus (1,223 tools): mcp-gen's cold build against the baselines a
// user would otherwise pick, then no-change check/build and a one-descriptor rebuild as fractions of
// the cold build. Each round runs every case once, back to back, in this order; ratios are medians
// of the per-round ratios, so the machine's drift hits both sides of a ratio alike.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import * as fmt from "../lib/format.mjs";
import { runNode } from "../lib/measure.mjs";
import { BENCH_DIR, GITHUB_OPENAPI_FILE, githubToolsFile, MCP_GEN_BIN, OPENAPI_MCP_GENERATOR_BIN, OPENAPI_TYPESCRIPT_BIN, workPath } from "../lib/paths.mjs";
import { addSchemaProperty, editDescriptor, forgetBuildCache, githubTools, writeProject } from "../lib/projects.mjs";
import { restoreFiles, snapshotFiles } from "../lib/switch-back.mjs";
import { max, median, min, pairedRatio } from "../lib/stats.mjs";
import { phaseSection } from "../lib/phase-table.mjs";

const JSTT = join(BENCH_DIR, "children", "jstt.mjs");
const GENERATORS = join(BENCH_DIR, "children", "generators.mjs");
const WRITE_TREE = join(BENCH_DIR, "children", "write-tree.mjs");
const PHASE_FLOORS = join(BENCH_DIR, "children", "phase-floors.mjs");
const WATCH_REBUILD = join(BENCH_DIR, "children", "watch-rebuild.mjs");
const STAT_FLOOR = join(BENCH_DIR, "children", "stat-floor.mjs");
const REBUILD_FLOOR = join(BENCH_DIR, "children", "rebuild-floor.mjs");
/** Descriptions edited in a row in one watch session, per round. */
const WATCH_EDITS = 3;

/** Whether this mcp-gen has a `check` command (another change may not have landed yet). */
export async function hasCheckCommand() {
  try {
    await runNode(MCP_GEN_BIN, ["check", "--help"], { label: "mcp-gen check --help" });
    return true;
  } catch {
    return false;
  }
}

function cases(tools, checkAvailable) {
  let watchSessions = 0;
  const toolsFile = githubToolsFile();
  const project = () => workPath("gh-build");
  const mcpGen = (command) => () => runNode(MCP_GEN_BIN, [command, "--cwd", project()], { cwd: project(), label: `mcp-gen ${command}` });
  return [
    {
      key: "jstt",
      label: "json-schema-to-typescript compile() per tool, default formatting",
      run: () => runNode(JSTT, [toolsFile, "format"], { label: "jstt" }),
    },
    {
      key: "jsttRaw",
      label: "json-schema-to-typescript compile() per tool, format: false",
      run: () => runNode(JSTT, [toolsFile, "no-format"], { label: "jstt no-format" }),
    },
    {
      key: "generators",
      label: "json-schema-to-typescript + ajv alone, distinct inputSchemas, 2 threads",
      run: () => runNode(GENERATORS, [toolsFile, "2", "--engine=mcp-gen"], { label: "pinned generators" }),
    },
    {
      key: "generatorsDefault",
      label: "↳ the same under Node's default V8 settings",
      run: () => runNode(GENERATORS, [toolsFile, "2"], { label: "pinned generators, Node's defaults" }),
    },
    {
      key: "ots",
      label: "openapi-typescript, whole GitHub OpenAPI document",
      maxRuns: 3, // the slowest baseline, and no target depends on it
      run: () => runNode(OPENAPI_TYPESCRIPT_BIN, [GITHUB_OPENAPI_FILE, "-o", workPath("baselines", "github.d.ts")], { label: "openapi-typescript" }),
    },
    {
      key: "omg",
      label: "openapi-mcp-generator, GitHub OpenAPI document → server",
      prepare: () => rmSync(workPath("baselines", "omg"), { recursive: true, force: true }),
      run: () => runNode(OPENAPI_MCP_GENERATOR_BIN, ["-i", GITHUB_OPENAPI_FILE, "-o", workPath("baselines", "omg")], { label: "openapi-mcp-generator" }),
    },
    {
      key: "cold",
      label: "mcp-gen build, cold (no outputs, no lock, no cache)",
      prepare: () => writeProject("gh-build", tools, "github"),
      run: mcpGen("build"),
    },
    {
      key: "writeTree",
      label: "creating the cold build's files alone (same tree and contents)",
      needs: "cold",
      prepare: () => rmSync(workPath("baselines", "tree"), { recursive: true, force: true }),
      run: () => runNode(WRITE_TREE, [project(), workPath("baselines", "tree")], { label: "write tree" }),
    },
    {
      // The phase table's build: the same cold build with MCP_GEN_PHASES, in a project of its own.
      key: "coldPhases",
      label: "mcp-gen build, cold, counting its phases (MCP_GEN_PHASES)",
      prepare: () => writeProject("gh-phases", tools, "github"),
      run: async () => {
        const file = workPath("phases", "build.json");
        mkdirSync(workPath("phases"), { recursive: true });
        rmSync(file, { force: true });
        const result = await runNode(MCP_GEN_BIN, ["build", "--cwd", workPath("gh-phases")], { cwd: workPath("gh-phases"), env: { MCP_GEN_PHASES: file }, label: "mcp-gen build (phases)" });
        return { ...result, detail: JSON.parse(readFileSync(file, "utf8")) };
      },
    },
    {
      key: "generatorsPhases",
      label: "json-schema-to-typescript + ajv alone, counting their parts (--phases)",
      run: async () => {
        const result = await runNode(GENERATORS, [toolsFile, "2", "--phases", "--engine=mcp-gen"], { label: "pinned generators (phases)" });
        return { ...result, detail: JSON.parse(result.stdout).phases };
      },
    },
    {
      key: "phaseFloors",
      label: "reading the descriptors; hashing the cold build's files",
      needs: "coldPhases",
      run: async () => {
        const result = await runNode(PHASE_FLOORS, [workPath("gh-phases")], { label: "phase floors" });
        return { ...result, detail: JSON.parse(result.stdout) };
      },
    },
    { key: "noChangeBuild", label: "mcp-gen build, no change", needs: "cold", run: mcpGen("build") },
    // The files the cold build wrote last were too new for their stats to stand for them (100 ms),
    // so the build above read them; from the next one on, a build answers from stats alone.
    { key: "noChangeBuildAgain", label: "mcp-gen build, no change, once more (from stats alone)", needs: "noChangeBuild", run: mcpGen("build") },
    checkAvailable ? { key: "check", label: "mcp-gen check, no change", needs: "cold", run: mcpGen("check") } : { key: "check", label: "mcp-gen check, no change", unavailable: true },
    {
      key: "checkFloor",
      label: "a Node process stating every descriptor and generated file",
      needs: "cold",
      run: () => runNode(STAT_FLOOR, [project()], { label: "stat floor" }),
    },
    {
      key: "rebuild",
      label: "mcp-gen build after one descriptor changed",
      needs: "cold",
      prepare: (round) => editDescriptor(project(), tools[(round * 397) % tools.length], round + 1),
      run: mcpGen("build"),
    },
    {
      key: "rebuildFloor",
      label: "a Node process stating every project file and parsing, rendering and writing the lock",
      needs: "cold",
      run: () => runNode(REBUILD_FLOOR, [project(), workPath("rebuild-floor-lock.json")], { label: "rebuild floor" }),
    },
    {
      key: "watchRebuild",
      label: "mcp-gen watch: a description edited, saved → rebuilt (median of 3)",
      needs: "cold",
      run: async () => {
        const { stdout } = await runNode(WATCH_REBUILD, [MCP_GEN_BIN, project(), String(WATCH_EDITS), String(watchSessions++)], { label: "mcp-gen watch" });
        const { ms, rssMB } = JSON.parse(stdout);
        return { ms: median(ms), rssMB };
      },
    },
    {
      key: "schemaRebuild",
      label: "mcp-gen build after one inputSchema changed (a property added)",
      needs: "cold",
      // Another tool than the description edit's; its descriptor keeps that edit.
      prepare: (round) => addSchemaProperty(project(), tools[(round * 397 + 611) % tools.length], round + 1),
      run: mcpGen("build"),
    },
    {
      // git switch to a branch where one more tool changed, a build there, then git switch back:
      // the lock on disk is again the one the last build here wrote, not the one the last build wrote.
      key: "switchBack",
      label: "mcp-gen build after switching back from a branch built with one more description edited",
      needs: "cold",
      prepare: async (round) => {
        const here = snapshotFiles(project(), PROJECT_FILES);
        editDescriptor(project(), tools[(round * 397 + 211) % tools.length], round + 101);
        await runNode(MCP_GEN_BIN, ["build", "--cwd", project()], { cwd: project(), label: "mcp-gen build (the other branch)" });
        restoreFiles(project(), here);
      },
      run: mcpGen("build"),
    },
    {
      // git pull: a teammate, in a clone of this project with its own cache, edited one description
      // and one inputSchema and built; their descriptors, generated files and lock replace ours.
      key: "pull",
      label: "mcp-gen build after a pull of a teammate's build (one description and one inputSchema edited)",
      needs: "cold",
      prepare: async (round) => {
        const teammate = workPath("gh-teammate");
        restoreFiles(teammate, snapshotFiles(project(), PROJECT_FILES));
        editDescriptor(teammate, tools[(round * 397 + 811) % tools.length], round + 201);
        addSchemaProperty(teammate, tools[(round * 397 + 1009) % tools.length], round + 201);
        await runNode(MCP_GEN_BIN, ["build", "--cwd", teammate], { cwd: teammate, label: "mcp-gen build (the teammate's)" });
        restoreFiles(project(), snapshotFiles(teammate, PROJECT_FILES));
      },
      run: mcpGen("build"),
    },
    {
      // A CI job, or a teammate's first checkout: git clone (every file committed, the generated
      // code, scaffolds and lock among them), npm ci (no build cache), then mcp-gen build.
      key: "cleanClone",
      label: "mcp-gen build of a clean clone (every file committed, no build cache)",
      needs: "cold",
      prepare: async () => {
        const clone = workPath("gh-clone");
        rmSync(clone, { recursive: true, force: true });
        mkdirSync(clone, { recursive: true });
        await forgetBuildCache(clone);
        restoreFiles(clone, snapshotFiles(project(), PROJECT_FILES));
      },
      run: () => runNode(MCP_GEN_BIN, ["build", "--cwd", workPath("gh-clone")], { cwd: workPath("gh-clone"), label: "mcp-gen build (clean clone)" }),
    },
  ];
}

/** What git holds of a built project: its descriptors, config, generated code, scaffolds and lock. */
const PROJECT_FILES = ["tools", "src", "test", "mcp-gen.config.yaml", "tsconfig.json", "mcp-tools.lock.json"];

/**
 * Runs the rounds: `runs` of them, fewer when they would not fit in `budgetS` seconds (judged after
 * the first round), at least one. Returns the raw measurements by case key.
 */
async function measure(list, { runs, budgetS, log }) {
  const results = Object.fromEntries(list.map((c) => [c.key, { label: c.label, ms: [], cpu: [], rss: [], detail: [], error: c.unavailable ? "not available" : undefined }]));
  const started = performance.now();
  let rounds = runs;
  for (let round = 0; round < rounds; round++) {
    const roundStart = performance.now();
    for (const c of list) {
      const r = results[c.key];
      if (r.error || (c.maxRuns !== undefined && round >= c.maxRuns) || (c.needs && results[c.needs].ms[round] === undefined)) continue;
      try {
        await c.prepare?.(round);
        const { ms, rssMB, cpuMs, detail } = await c.run();
        r.ms[round] = ms;
        r.rss[round] = rssMB;
        r.cpu[round] = cpuMs;
        r.detail[round] = detail;
        log(`  round ${round + 1}/${rounds}  ${c.label}: ${fmt.ms(ms)}, ${fmt.mb(rssMB)}`);
      } catch (error) {
        r.error = String(error.message).split("\n")[0];
        log(`  round ${round + 1}/${rounds}  ${c.label}: FAILED ${error.message}`);
      }
    }
    if (round === 0) {
      const roundS = (performance.now() - roundStart) / 1000;
      const fit = Math.max(1, Math.floor(budgetS / roundS));
      if (fit < rounds) {
        log(`  a round takes ${roundS.toFixed(0)} s: ${fit} of ${rounds} rounds fit in the ${budgetS} s budget`);
        rounds = fit;
      }
    }
  }
  return { results, rounds, seconds: (performance.now() - started) / 1000 };
}

const values = (r) => r.ms.filter(Number.isFinite);

function row(r, ratioText, target = "", status = "") {
  if (r.error) return [r.label, r.error, "", "", "", "", "", target, status];
  const ms = values(r);
  return [
    r.label,
    fmt.ms(median(ms)),
    fmt.range(min(ms), max(ms)),
    fmt.ms(median(r.cpu.filter(Number.isFinite))),
    fmt.mb(median(r.rss.filter(Number.isFinite))),
    String(ms.length),
    ratioText,
    target,
    status,
  ];
}

/** A row that only adds a ratio to the row above. */
function ratioRow(label, ratioText, target = "", status = "") {
  return [label, "", "", "", "", "", ratioText, target, status];
}

export async function buildSuite({ options, log, targets }) {
  const tools = githubTools();
  const checkAvailable = await hasCheckCommand();
  log(`build: GitHub corpus, ${tools.length} tools; mcp-gen check ${checkAvailable ? "available" : "not available"}`);
  const { results: r, rounds, seconds } = await measure(cases(tools, checkAvailable), { runs: options.runs, budgetS: options.buildBudgetS, log });

  const ratio = (a, b) => (r[a].error || r[b].error ? NaN : pairedRatio(r[a].ms, r[b].ms));
  const cpuRatio = (a, b) => (r[a].error || r[b].error ? NaN : pairedRatio(r[a].cpu, r[b].cpu));
  const rows = [];
  rows.push(row(r.jstt, "1.00× (baseline)"));
  rows.push(row(r.jsttRaw, `${fmt.ratio(ratio("jsttRaw", "jstt"))} of jstt`));
  rows.push(row(r.generators, `${fmt.ratio(ratio("generators", "jstt"))} of jstt`));
  rows.push(row(r.generatorsDefault, `${fmt.ratio(ratio("generatorsDefault", "generators"))} of the above`));
  rows.push(ratioRow("↳ pinned generators ÷ openapi-mcp-generator", fmt.ratio(ratio("generators", "omg"))));
  rows.push(row(r.ots, `${fmt.ratio(ratio("ots", "jstt"))} of jstt`));
  rows.push(row(r.omg, `${fmt.ratio(ratio("omg", "jstt"))} of jstt`));

  const median$ = (key) => (r[key].error ? NaN : median(values(r[key])));
  targets.figure("coldMs", "mcp-gen build, cold", median$("cold"));
  targets.figure("floorMs", "json-schema-to-typescript + ajv alone, 2 threads (the floor)", median$("generators"));
  targets.figure("coldCpuVsFloor", "cold build ÷ the floor, CPU time", cpuRatio("cold", "generators"), "ratio");
  targets.figure("rebuildMs", "mcp-gen build after one description edited", median$("rebuild"));
  targets.figure("schemaRebuildMs", "mcp-gen build after one inputSchema edited", median$("schemaRebuild"));
  targets.figure("checkFloorMs", "a Node process stating every file check stats (check's floor)", median$("checkFloor"));
  const coldJstt = ratio("cold", "jstt");
  const t1 = targets.add("coldVsJstt", fmt.ratio(coldJstt), coldJstt, "build");
  rows.push(row(r.cold, `${fmt.ratio(coldJstt)} of jstt`, t1.target, t1.status));
  rows.push(ratioRow("↳ cold build ÷ jstt, format: false", fmt.ratio(ratio("cold", "jsttRaw"))));
  const coldFloor = ratio("cold", "generators");
  const t0 = targets.add("coldVsFloor", fmt.ratio(coldFloor), coldFloor, "build");
  rows.push(ratioRow("↳ cold build ÷ pinned generators alone", fmt.ratio(coldFloor), t0.target, t0.status));
  rows.push(ratioRow("↳ the same in CPU time (every thread)", fmt.ratio(cpuRatio("cold", "generators"))));
  rows.push(ratioRow("↳ cold build ÷ pinned generators under Node's default V8 settings", fmt.ratio(ratio("cold", "generatorsDefault"))));
  rows.push(row(r.writeTree, `${fmt.ratio(ratio("writeTree", "cold"))} of cold`));
  rows.push(ratioRow("↳ creating the files ÷ openapi-mcp-generator", fmt.ratio(ratio("writeTree", "omg"))));
  rows.push(ratioRow("↳ cold build ÷ openapi-typescript", fmt.ratio(ratio("cold", "ots"))));
  const coldOmg = ratio("cold", "omg");
  const t2 = targets.add("coldVsOmg", fmt.ratio(coldOmg), coldOmg, "build");
  rows.push(ratioRow("↳ cold build ÷ openapi-mcp-generator", fmt.ratio(coldOmg), t2.target, t2.status));
  const coldRss = r.cold.error ? NaN : median(r.cold.rss.filter(Number.isFinite));
  const t3 = targets.add("coldRss", fmt.mb(coldRss), coldRss, "build");
  rows.push(["↳ cold build peak RSS", "", "", "", fmt.mb(coldRss), "", "", t3.target, t3.status]);
  rows.push(row(r.coldPhases, `${fmt.ratio(ratio("coldPhases", "cold"))} of cold`));

  rows.push(row(r.noChangeBuild, `${fmt.ratio(ratio("noChangeBuild", "cold"))} of cold`));
  rows.push(row(r.noChangeBuildAgain, `${fmt.ratio(ratio("noChangeBuildAgain", "cold"))} of cold`));
  const checkFraction = ratio("check", "cold");
  const t4 = targets.add("checkFraction", fmt.ratio(checkFraction), checkFraction, "build");
  rows.push(row(r.check, `${fmt.ratio(checkFraction)} of cold`, t4.target, t4.status));
  const checkMs = r.check.error ? NaN : median(values(r.check));
  const t5 = targets.add("checkMs", fmt.ms(checkMs), checkMs, "build");
  rows.push(["↳ no-change check, absolute", fmt.ms(checkMs), "", "", "", "", "", t5.target, t5.status]);
  const t5b = targets.add("checkMs27", fmt.ms(checkMs), checkMs, "build");
  rows.push(["↳ no-change check, absolute (#27)", fmt.ms(checkMs), "", "", "", "", "", t5b.target, t5b.status]);
  rows.push(row(r.checkFloor, `${fmt.ratio(ratio("checkFloor", "check"))} of check`));
  const rebuildFraction = ratio("rebuild", "cold");
  const t6 = targets.add("rebuildFraction", fmt.ratio(rebuildFraction), rebuildFraction, "build");
  rows.push(row(r.rebuild, `${fmt.ratio(rebuildFraction)} of cold`, t6.target, t6.status));
  rows.push(row(r.rebuildFloor, `${fmt.ratio(ratio("rebuildFloor", "cold"))} of cold, ${fmt.ratio(ratio("rebuildFloor", "rebuild"))} of the rebuild`));
  rows.push(row(r.watchRebuild, `${fmt.ratio(ratio("watchRebuild", "cold"))} of cold`));
  const schemaFraction = ratio("schemaRebuild", "cold");
  const t7 = targets.add("schemaRebuildFraction", fmt.ratio(schemaFraction), schemaFraction, "build");
  rows.push(row(r.schemaRebuild, `${fmt.ratio(schemaFraction)} of cold`, t7.target, t7.status));
  const t7b = targets.add("schemaRebuild27", fmt.ratio(schemaFraction), schemaFraction, "build");
  rows.push(ratioRow("↳ the same, against #27's bound", fmt.ratio(schemaFraction), t7b.target, t7b.status));
  rows.push(row(r.switchBack, `${fmt.ratio(ratio("switchBack", "cold"))} of cold`));
  rows.push(row(r.pull, `${fmt.ratio(ratio("pull", "cold"))} of cold`));
  rows.push(row(r.cleanClone, `${fmt.ratio(ratio("cleanClone", "cold"))} of cold`));

  const table = {
    title: `Build: GitHub corpus, ${fmt.int(tools.length)} tools (${rounds} round${rounds === 1 ? "" : "s"}, ${seconds.toFixed(0)} s)`,
    columns: ["workload", "median", "min – max", "CPU", "peak RSS", "runs", "ratio", "target", "status"],
    rows,
    notes: [
      "Wall time of the whole command as a child process (Node start-up included); CPU = its user + system time, every thread (median); peak RSS of that process.",
      "Ratios are medians of per-round ratios: each round runs every row once, back to back.",
      "Pinned generators alone = the floor of any build that makes types and validators with the packages mcp-gen pins: json-schema-to-typescript (format: false) and one ajv instance (standalone code) over the 727 distinct inputSchemas, split over a worker thread and the main thread; nothing read but the corpus file, nothing written (bench/children/generators.mjs). It runs under the V8 settings a batch mcp-gen command sets for itself (on Node 20 and 22, a higher threshold for optimizing a function: src/cli/engine-tuning.ts), so the ratio to it is mcp-gen's own share; the row under it runs with Node's defaults, as the floor ran before those settings.",
      "Stating every file = check's floor: a Node process that lists tools/ and the generated folder and stats each file (and the config and the lock) once, nothing read or hashed (bench/children/stat-floor.mjs); Node's start-up is in both.",
      "Stating every project file and rewriting the lock = the one-file rebuild's floor with this lock format: a Node process that stats every descriptor, generated file, handler stub and test once, reads and JSON.parses the lock, renders it again with JSON.stringify and writes it beside the project (bench/children/rebuild-floor.mjs); nothing validated, generated or hashed.",
      "Creating the files alone = the cold build's output (every file but the descriptors and the config) read into memory, then created in a fresh folder with one synchronous write each, one thread, no temporary names (bench/children/write-tree.mjs): the file system's share of a cold build.",
      "Cold = a fresh project directory with only tools/*.json and the config, and nothing of an earlier build in its build cache folder; no-change = the same build again (it reads the files the cold build wrote last: they were too new for the stat index to record), and once more (every stat now recorded: it answers from stats alone, src/cli/unchanged-build-fast.ts); one descriptor changed = one tool's description edited, then build; one inputSchema changed = an optional string property added to another tool's inputSchema (its types, validator and module change), then build; watch = one mcp-gen watch session per round on the built project, three descriptions edited one after another, each timed from the write of the file to the end of the build it starts (watch's 100 ms of quiet included), the median of the three (bench/children/watch-rebuild.mjs); its peak RSS is the watch process's; switching back = the descriptors, generated folder and lock saved, one more description edited and built (the other branch, untimed), the saved files put back as git does it (only those that differ written: bench/lib/switch-back.mjs), then build; pull = the project's files copied into a teammate's clone (bench/.work/gh-teammate, its own cache), one description and one inputSchema edited and built there (untimed), the clone's files put back here the same way, then build; clean clone = every file git holds of the built project (descriptors, config, generated code, scaffolds, lock) copied into a fresh folder with no build cache, then build: it writes nothing, and compiles every schema as the cold build does.",
    ],
    raw: r,
  };
  return [table, phaseSection(r)];
}
