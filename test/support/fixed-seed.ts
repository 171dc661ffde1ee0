// Vitest setup file (vitest.config.ts, setupFiles): every fast-check draw in a test file, by
// fc.assert, fc.check, fc.sample or an arbitrary, starts from the run's seed (property-seed.ts)
// unless the test gives its own. A run with a drawn seed prints it beside each failing test, with
// the command that replays it.
import fc from "fast-check";
import { beforeEach } from "vitest";
import { propertySeed, replayCommand } from "./property-seed.js";

const { seed, random } = propertySeed(process.env);
fc.configureGlobal({ seed });

if (random) {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => {
      // The file's path from the root vitest runs in, as `vitest run` takes it.
      const file = task.file.name;
      console.error(`"${task.name}" failed with the drawn property seed ${seed}. Replay: ${replayCommand(seed, file, process.env.PROPERTY_RUNS)}`);
    });
  });
}
