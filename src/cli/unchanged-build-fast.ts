// A build with nothing to do, told from stats: when the stat index vouches that every input, the
// lock and every generated file are as the last build left them (as check's fast path asks), every
// scaffold that build required is there, and this mcp-gen with this config ran it, the build would
// write nothing and find what the last one found (build-findings.ts). Then build reads no
// descriptor, lock or build cache and analyses nothing: it prints the last build's findings, with
// the live ones (the installed runtime, the module format), and stops. Right after a build that
// wrote, whose last files were too new for their stats to stand for them, it asks check's second
// way instead (by the hashes the lock records, reading only those files). Anything else, or any
// doubt, and the build takes its full path, whose no-change answer (unchanged-build.ts) is the same.
import { readdirSync } from "node:fs";
import { posix } from "node:path";
import type { Config } from "../config/config.js";
import { configKey, generatorFingerprint } from "../incremental/build-cache.js";
import { buildFindingsPath, readBuildFindings } from "../incremental/build-findings.js";
import type { StatIndex } from "../incremental/stat-index.js";
import { listFolderFiles } from "../files/list-folder-files.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { searchDescriptors } from "./find-descriptors.js";
import { absolutePath, hashedFiles, vouchedInputs, vouchedOutput } from "./vouched-files.js";

export interface FastBuildQuestion {
  /** Absolute project root. */
  readonly root: string;
  readonly config: Config;
  /** The config files' texts, and hashFileText of those the lock records. */
  readonly configSources: ReadonlyMap<string, string>;
  readonly configHashes: ReadonlyMap<string, string>;
  /** The generated folder's real path (confineProjectPaths). */
  readonly outFolder: string;
  readonly index: StatIndex;
  /** buildCachePath of the project. */
  readonly cachePath: string | undefined;
}

export interface UnchangedBuild {
  readonly tools: number;
  /** Every generated file, all left as they are. */
  readonly files: readonly string[];
  /** What the last build's analysis found, which this one would find again. */
  readonly findings: readonly Diagnostic[];
}

/**
 * The build's answer when nothing changed since the last build, from stats; undefined when anything
 * may have (then the full build decides). Call it after recoverInterruptedBuild.
 * @example const unchanged = await unchangedBuildFast({ root, config, configSources, configHashes, outFolder, index, cachePath })
 */
export async function unchangedBuildFast(question: FastBuildQuestion): Promise<UnchangedBuild | undefined> {
  const { root, config, index } = question;
  const found = readBuildFindings(buildFindingsPath(question.cachePath));
  if (!found || found.config !== configKey(question.configHashes, config.packageJson)) return undefined;
  const vouched = index.vouchedLock();
  // The first way needs the index to vouch for the lock the findings are of: cheapest refusals
  // first, so a rewritten lock or an edited input stops it before any listing.
  if (vouched && (found.lock !== vouched.lock[2] || !vouchedInputs(root, config, question.configSources, vouched))) return undefined;
  // Without it, the inputs the index recorded are looked at first, by their stats, for the same reason.
  if (!vouched && index.someRecordedChanged("input", (path) => absolutePath(root, path))) return undefined;
  const { files: descriptors, caseMismatched } = await searchDescriptors(root, config, index);
  // A file a glob misses by the case of its extension is reported by the full build alone.
  if (descriptors.length === 0 || caseMismatched.length > 0) return undefined;
  const outFiles = listFolderFiles(question.outFolder).map((path) => `${config.out}/${path}`);
  const project = { root, config, configSources: question.configSources, descriptors, outFiles };
  // With no vouched lock (the last build wrote files too new for their stats to be recorded), the
  // second way: by the hashes the lock records, reading only the files whose stats are not known.
  const output = vouched ? vouchedOutput(project, vouched) : await hashedFiles(project, index, question.cachePath, (lockHash) => lockHash === found.lock);
  if (!output || !scaffoldsExist(root, found.scaffolds)) return undefined;
  // The ReDoS checker's verdicts the last build's findings and output were made with, when it used
  // any: the verdict cache must still give them (not edited, deleted or checked again since).
  if (found.verdicts.length > 0) {
    const { verdictCacheBeside, verdictsHold } = await import("../pattern-check/verdict-cache.js");
    if (!verdictsHold(verdictCacheBeside(question.cachePath), found.verdicts)) return undefined;
  }
  // Last: it hashes mcp-gen's own files (by their stats, from the index's recorded hashes).
  if (found.generator !== generatorFingerprint(index)) return undefined;
  return { tools: output.tools, files: output.generated, findings: found.diagnostics };
}

/** Whether every path is a file or link that its folder lists (one listing per folder, as the build's own scaffold check). */
function scaffoldsExist(root: string, paths: readonly string[]): boolean {
  const listed = new Map<string, ReadonlySet<string> | undefined>();
  for (const path of paths) {
    const folder = posix.dirname(path);
    if (!listed.has(folder)) {
      let names: ReadonlySet<string> | undefined;
      try {
        // A folder at a scaffold's path is no scaffold: the full build reports it.
        names = new Set(
          readdirSync(absolutePath(root, folder), { withFileTypes: true })
            .filter((entry) => !entry.isDirectory())
            .map((entry) => entry.name),
        );
      } catch {
        names = undefined;
      }
      listed.set(folder, names);
    }
    if (!listed.get(folder)?.has(posix.basename(path))) return false;
  }
  return true;
}
