// The analysis loop of a project: one analysis at a time, changes during one ask for another right
// after it, and a result is dropped when what it read changed meanwhile. The analysis here is a
// step the test finishes by hand, so that a change lands exactly while one runs.
import { describe, expect, it } from "vitest";
import { AnalysisLoop } from "../../src/lsp/analysis-loop.js";

/** A project whose text is a version number, and an analysis the test lets finish. */
function harness() {
  let version = 1;
  const runs: { readonly read: number; finish: () => void }[] = [];
  const published: number[] = [];
  const failures: unknown[] = [];
  let started: (() => void) | undefined;
  const loop = new AnalysisLoop<number>({
    run: () =>
      new Promise<number>((resolve) => {
        const read = version;
        runs.push({ read, finish: () => resolve(read) });
        started?.();
      }),
    isCurrent: (result) => result === version,
    publish: (result) => published.push(result),
    failed: (error) => failures.push(error),
  });
  const nextRun = (count: number) => new Promise<void>((resolve) => (started = () => runs.length >= count && resolve()));
  return {
    loop,
    runs,
    published,
    failures,
    change: () => (version++, loop.request()),
    nextRun,
  };
}

describe("the analysis loop", () => {
  it("drops a result whose text changed while it ran, and publishes the next one", async () => {
    const h = harness();
    const first = h.nextRun(1);
    h.change();
    await first;
    expect(h.runs.map((run) => run.read)).toEqual([2]);
    // Version 3 arrives while version 2 is analyzed: no second analysis starts meanwhile.
    h.change();
    expect(h.runs).toHaveLength(1);
    const second = h.nextRun(2);
    h.runs[0]!.finish();
    await second;
    expect(h.published).toEqual([]);
    expect(h.runs.map((run) => run.read)).toEqual([2, 3]);
    const settled = h.loop.settled();
    h.runs[1]!.finish();
    await settled;
    expect(h.published).toEqual([3]);
    expect(h.loop.latest).toBe(3);
  });

  it("makes one analysis of a burst of changes", async () => {
    const h = harness();
    const first = h.nextRun(1);
    for (let i = 0; i < 5; i++) h.change();
    await first;
    const settled = h.loop.settled();
    h.runs[0]!.finish();
    await settled;
    expect(h.runs.map((run) => run.read)).toEqual([6]);
    expect(h.published).toEqual([6]);
  });

  it("survives an analysis that throws, and analyzes the next change", async () => {
    const failures: unknown[] = [];
    let fail = true;
    const published: string[] = [];
    const loop = new AnalysisLoop<string>({
      run: async () => {
        if (fail) throw new Error("a bug");
        return "ok";
      },
      isCurrent: () => true,
      publish: (result) => published.push(result),
      failed: (error) => failures.push(error),
    });
    loop.request();
    await loop.settled();
    expect(failures).toHaveLength(1);
    fail = false;
    loop.request();
    await loop.settled();
    expect(published).toEqual(["ok"]);
  });

  it("lets whoever waits go when it is disposed, and starts nothing after", async () => {
    const h = harness();
    const first = h.nextRun(1);
    h.change();
    await first;
    const settled = h.loop.settled();
    h.loop.dispose();
    await settled;
    h.change();
    h.runs[0]!.finish();
    await Promise.resolve();
    expect(h.runs).toHaveLength(1);
    expect(h.published).toEqual([]);
  });
});
