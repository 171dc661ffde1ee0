// The phase table: where the cold build's time goes, phase by phase, next to the least each phase
// can cost (its floor), all measured in the same rounds. mcp-gen counts its own phases when
// MCP_GEN_PHASES names a file (src/model/phase-clock.ts): on the main thread, wall time is counted
// to the phase it works on or waits for, so the main thread's phases add up to the build's wall time;
// on every thread, the thread's CPU time goes to the phase it works on. What the threads' clocks do
// not see is the CPU of the process's other threads (V8's compiler and garbage collector helpers,
// libuv's pool): the process's CPU time (GNU time) minus the threads'.
import * as fmt from "./format.mjs";
import { median } from "./stats.mjs";

/** mcp-gen's phases (PHASES in src/model/phase-clock.ts), what each covers and what its floor is. */
const PHASES = [
  ["startup", "start-up and module loading", "Node's start and loading ajv and json-schema-to-typescript, per thread (generators, --phases)"],
  ["config", "config, globbing, last build's lock and cache", "none: listing one folder"],
  ["load", "load + parse", "reading the 1,223 descriptors and JSON.parse (phase-floors.mjs)"],
  ["resolve", "resolve/bundle", "none (mcp-gen's own)"],
  ["rules", "rules", "none (mcp-gen's own)"],
  ["patterns", "pattern work", "none (mcp-gen's own)"],
  ["schemas", "schema compilation", "ajv compile + standaloneCode, 727 schemas (generators, --phases)"],
  ["types", "type generation", "json-schema-to-typescript, 727 schemas (generators, --phases)"],
  ["emit", "emit", "none (mcp-gen's own)"],
  ["hash", "hashing/lock", "SHA-256 of every file written (phase-floors.mjs)"],
  ["write", "writing", "creating the files alone (write-tree.mjs, the whole process)"],
  ["report", "diagnostics, summary, closing threads", "none"],
];

const sum = (values) => values.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);

/** Per round: each phase's main-thread wall and all-thread CPU, and the rest, from one MCP_GEN_PHASES record. */
function roundPhases(record, benchWallMs, processCpuMs) {
  const main = record.threads.find((t) => t.thread === "main");
  const wall = {};
  const cpu = {};
  for (const [phase] of PHASES) {
    wall[phase] = main?.phases[phase]?.wallMs ?? 0;
    cpu[phase] = sum(record.threads.map((t) => t.phases[phase]?.cpuMs ?? 0));
  }
  const threadsCpu = sum(Object.values(cpu));
  return { wall, cpu, otherCpu: processCpuMs - threadsCpu, exitWall: benchWallMs - record.wallMs, wallMs: benchWallMs, cpuMs: processCpuMs };
}

/** Per round: the floor of each phase that has one, as { wall, cpu } in ms. */
function roundFloors(generators, floors, writeTree) {
  const parts = (part) => ({ wall: Math.max(...generators.map((t) => t[part].wallMs)), cpu: sum(generators.map((t) => t[part].cpuMs)) });
  return {
    startup: parts("startup"),
    load: floors ? { wall: floors.load.wallMs, cpu: floors.load.cpuMs } : undefined,
    schemas: parts("schemas"),
    types: parts("types"),
    hash: floors ? { wall: floors.hash.wallMs, cpu: floors.hash.cpuMs } : undefined,
    write: writeTree,
  };
}

/** The phase table's section, from the build suite's raw results (coldPhases, generatorsPhases, phaseFloors, writeTree, generators). */
export function phaseSection(r) {
  const title = "Cold build by phase (GitHub corpus, 1,223 tools), next to each phase's floor";
  const phased = r.coldPhases;
  if (!phased || phased.error || phased.detail.filter(Boolean).length === 0) {
    return { title: `${title}: not measured`, columns: ["why"], rows: [[phased?.error ?? "no round counted its phases"]] };
  }
  const rounds = [];
  phased.detail.forEach((record, i) => {
    if (!record) return;
    const generators = r.generatorsPhases.detail[i];
    const floors = r.phaseFloors.detail[i];
    const writeTree = Number.isFinite(r.writeTree.ms[i]) ? { wall: r.writeTree.ms[i], cpu: r.writeTree.cpu[i] } : undefined;
    rounds.push({
      build: roundPhases(record, phased.ms[i], phased.cpu[i]),
      floors: generators ? roundFloors(generators, floors, writeTree) : undefined,
      floorTotal: Number.isFinite(r.generators.ms[i]) ? { wall: r.generators.ms[i], cpu: r.generators.cpu[i] } : undefined,
      floorOther: generators && Number.isFinite(r.generatorsPhases.cpu[i]) ? r.generatorsPhases.cpu[i] - sum(generators.flatMap((t) => [t.startup.cpuMs, t.types.cpuMs, t.schemas.cpuMs])) : NaN,
    });
  });
  const med = (pick) => median(rounds.map(pick).filter(Number.isFinite));
  const wallTotal = med((x) => x.build.wallMs);
  const cpuTotal = med((x) => x.build.cpuMs);
  const share = (part, whole) => (Number.isFinite(part) && whole > 0 ? `${((100 * part) / whole).toFixed(0)}%` : "");
  const rows = PHASES.map(([phase, label, floorText]) => {
    const wall = med((x) => x.build.wall[phase]);
    const cpu = med((x) => x.build.cpu[phase]);
    const floorWall = med((x) => x.floors?.[phase]?.wall);
    const floorCpu = med((x) => x.floors?.[phase]?.cpu);
    return [
      label,
      fmt.ms(wall),
      share(wall, wallTotal),
      fmt.ms(cpu),
      share(cpu, cpuTotal),
      floorText,
      Number.isFinite(floorWall) ? fmt.ms(floorWall) : "",
      Number.isFinite(floorCpu) ? fmt.ms(floorCpu) : "",
    ];
  });
  const otherCpu = med((x) => x.build.otherCpu);
  rows.push(["other threads: V8's compiler and GC helpers, libuv", "", "", fmt.ms(otherCpu), share(otherCpu, cpuTotal), "the same in the generators' process", "", fmt.ms(med((x) => x.floorOther))]);
  const exitWall = med((x) => x.build.exitWall);
  rows.push(["spawn and exit (outside the command)", fmt.ms(exitWall), share(exitWall, wallTotal), "", "", "", "", ""]);
  rows.push([
    "the whole cold build (this run's)",
    fmt.ms(wallTotal),
    "100%",
    fmt.ms(cpuTotal),
    "100%",
    "json-schema-to-typescript + ajv alone, 2 threads (the floor)",
    fmt.ms(med((x) => x.floorTotal?.wall)),
    fmt.ms(med((x) => x.floorTotal?.cpu)),
  ]);
  return {
    title: `${title} (${rounds.length} round${rounds.length === 1 ? "" : "s"})`,
    columns: ["phase", "wall (main thread)", "share", "CPU (all threads)", "share", "floor", "floor wall", "floor CPU"],
    rows,
    notes: [
      "Counted by the build itself (MCP_GEN_PHASES=<file>; off, it costs nothing) in a cold build of its own in each round, right after the timed one: medians over the rounds, each phase's median on its own (so the rows need not add up exactly).",
      "Wall: the main thread's time in each phase, including the time it waits for the workers' part of that phase (schema compilation, types); the main thread's phases and the spawn and exit add up to the build's wall time. CPU: each thread's own CPU time in each phase (Linux /proc/thread-self/schedstat), main thread and workers added up; the process's CPU time (GNU time) minus those is the other threads' row.",
      "Pattern work counts inside schema compilation (translating and compiling patterns for ajv and the generated code); rules includes the pattern rules. Type generation on the main thread includes planning the jobs before the rules run.",
      "Floors: measured in the same round by bench/children/generators.mjs --phases (each of its threads' CPU time in start-up, json-schema-to-typescript and ajv), bench/children/phase-floors.mjs (reading and parsing the descriptors; hashing the output) and bench/children/write-tree.mjs; none for the phases only mcp-gen has.",
    ],
  };
}
