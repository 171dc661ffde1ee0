// Command-line options of bench/run.mjs.

export const USAGE = `Usage: node bench/run.mjs [options]        (npm run bench -- [options])

Measures mcp-gen against its baselines and prints a table of medians with ratios measured in the
same run; a full run also rewrites the results section of BENCHMARKS.md.

Options:
  --runs N          runs (rounds) per measurement; default 5 (fewer when a suite's
                    time budget would be exceeded: the runs column says how many ran)
  --quick           smoke run: 1 run, scaling sizes 100 and 1,000, short runtime slices
  --only LIST       suites to run, comma-separated: build, scaling, patterns, inproc, http, lsp, proxy (default: all)
  --sizes LIST      scaling sizes, comma-separated (default 100,1000,10000)
  --seconds S       measured seconds per server per in-process run (default 1)
  --http-seconds S  seconds of load per server per HTTP round (default 2)
  --build-budget S  seconds the GitHub build rounds may take before --runs is cut (default 240)
  --scaling-budget S  seconds for the scaling series (default 300): each size gets an equal share
                    for its runs; a size whose one run is predicted to take longer than all of it
                    is skipped
  --no-legacy       skip the 2025-era in-process rows
  --no-build        do not run \`npm run build\` first (use dist/ as it is)
  --keep-extra-ca-certs  keep NODE_EXTRA_CA_CERTS for the measured processes (by default it is
                    removed: Node 20 parses that bundle at every start; bench/lib/node-start.mjs)
  --write           rewrite BENCHMARKS.md's results section (default for a full run)
  --no-write        do not touch BENCHMARKS.md
  --json FILE       also write every raw measurement as JSON
                    (a full default run also keeps its targets in bench/history/, for
                    \`node bench/ranges.mjs\`: the ranges over the last full runs)
  --profile W       run one workload under node --cpu-prof and print the top self-time functions;
                    W: build | no-change-build | rebuild | check | synthetic[:N] | jstt
                       | server:<case> | list:<case> | client   (cases: floor, one-gen, one-zod,
                       one-fjs, gh-gen, gh-naive)
  --help            this text

The GitHub corpus is read from test/data/corpus/bench/github-rest-tools.json, inside the repository.`;

const SUITES = ["build", "scaling", "patterns", "inproc", "http", "lsp", "proxy"];

function list(value, name) {
  if (!value) throw new Error(`${name} needs a value`);
  return value
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
}

function positive(value, name) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number, got "${value}"`);
  return n;
}

export function parseOptions(argv) {
  const o = {
    runs: 5,
    quick: false,
    only: SUITES,
    sizes: [100, 1000, 10000],
    caseSeconds: 1,
    httpSeconds: 2,
    skipLegacy: false,
    build: true,
    keepExtraCaCerts: false,
    write: undefined,
    json: undefined,
    profile: undefined,
    help: false,
    buildBudgetS: undefined,
    scalingBudgetS: undefined,
  };
  const explicit = new Set();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    explicit.add(flag);
    switch (flag) {
      case "--runs":
        o.runs = Math.round(positive(value(), flag));
        break;
      case "--quick":
        o.quick = true;
        break;
      case "--only":
        o.only = list(value(), flag);
        for (const s of o.only) if (!SUITES.includes(s)) throw new Error(`unknown suite "${s}"; one of ${SUITES.join(", ")}`);
        break;
      case "--sizes":
        o.sizes = list(value(), flag).map((s) => Math.round(positive(s, flag)));
        break;
      case "--seconds":
        o.caseSeconds = positive(value(), flag);
        break;
      case "--http-seconds":
        o.httpSeconds = positive(value(), flag);
        break;
      case "--build-budget":
        o.buildBudgetS = positive(value(), flag);
        break;
      case "--scaling-budget":
        o.scalingBudgetS = positive(value(), flag);
        break;
      case "--no-legacy":
        o.skipLegacy = true;
        break;
      case "--no-build":
        o.build = false;
        break;
      case "--keep-extra-ca-certs":
        o.keepExtraCaCerts = true;
        break;
      case "--write":
        o.write = true;
        break;
      case "--no-write":
        o.write = false;
        break;
      case "--json":
        o.json = value();
        if (!o.json) throw new Error("--json needs a file name");
        break;
      case "--profile":
        o.profile = value();
        if (!o.profile) throw new Error("--profile needs a workload");
        break;
      case "--help":
      case "-h":
        o.help = true;
        break;
      default:
        throw new Error(`unknown option "${arg}"; see --help`);
    }
  }
  if (o.quick) {
    if (!explicit.has("--runs")) o.runs = 1;
    if (!explicit.has("--sizes")) o.sizes = [100, 1000];
    if (!explicit.has("--seconds")) o.caseSeconds = 0.3;
    if (!explicit.has("--http-seconds")) o.httpSeconds = 0.5;
  }
  // A full default run: the one whose results BENCHMARKS.md shows and bench/history/ keeps.
  o.full = !o.quick && o.only === SUITES && !explicit.has("--sizes") && !explicit.has("--runs");
  if (o.write === undefined) o.write = o.full;
  o.runtimeRuns = o.runs;
  o.warmupMs = o.quick ? 100 : 300;
  o.connections = 8;
  // Time budgets (seconds) within which `runs` is reduced for slow suites; see BENCHMARKS.md.
  o.buildBudgetS ??= o.quick ? 1 : 240;
  o.scalingBudgetS ??= o.quick ? 120 : 300;
  return o;
}
