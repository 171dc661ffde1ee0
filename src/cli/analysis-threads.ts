// The analysis of check's slow path, with its schemas compiled on worker threads as a build compiles
// them (build-threads.ts), and its types generated there too: the same diagnostics and the same
// generated files, since a worker compiles as the main thread does and the answers are put back in
// request order. A small project, or mcp-gen run from its TypeScript sources, gets no worker
// (workerCount) and compiles on the main thread as before. (validate stays on one thread: it
// generates no types, and starting a worker and loading ajv there again cost what it saved.)
import { startBuildThreads, workerCount, type BuildThreads } from "../incremental/build-threads.js";
import { analyzeProjectWith, type ProjectAnalysis, type ProjectInput } from "../project/analyze-project.js";

/**
 * `work`, given the analysis of `input` made on the threads a project of its size gets, and those
 * threads (for json-schema-to-typescript); they are closed when it settles. These commands write no
 * scaffold, so no validator is run for scaffold samples.
 * @example const tools = await onAnalysisThreads(input, io.env, async (analysis) => analysis.tools.length)
 */
export async function onAnalysisThreads<T>(input: ProjectInput, env: Readonly<Record<string, string | undefined>>, work: (analysis: ProjectAnalysis, threads: BuildThreads) => Promise<T>): Promise<T> {
  const threads = startBuildThreads(workerCount(input.descriptors.length, env));
  try {
    const analysis = await analyzeProjectWith({ ...input, scaffoldsWritten: () => () => false }, threads.precompile);
    return await work(analysis, threads);
  } finally {
    await threads.close();
  }
}
