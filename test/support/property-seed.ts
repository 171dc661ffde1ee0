// The seed of every random draw the tests make (fast-check's properties, samples and arbitraries):
// fixed in `npm test`, so that every run checks the same inputs and gives the same answer, and new
// in each `npm run test:nightly` (PROPERTY_SEED=random), which prints it when a test fails. Any run
// replays with PROPERTY_SEED=<seed> (docs/testing.md).
import { randomInt } from "node:crypto";

/** The seed of `npm test`. Changing it changes which inputs every property test checks. */
export const DEFAULT_PROPERTY_SEED = 20260728;

export interface PropertySeed {
  readonly seed: number;
  /** Drawn for this run (PROPERTY_SEED=random): a failure must say it to be replayed. */
  readonly random: boolean;
}

/**
 * The seed PROPERTY_SEED asks for: unset or empty, DEFAULT_PROPERTY_SEED; `random`, a new 32-bit
 * seed; otherwise the integer it holds. Throws on anything else, rather than run with a seed nobody chose.
 * @example propertySeed({ PROPERTY_SEED: "42" }) // { seed: 42, random: false }
 */
export function propertySeed(env: Readonly<Record<string, string | undefined>>): PropertySeed {
  const value = env.PROPERTY_SEED?.trim() ?? "";
  if (value === "") return { seed: DEFAULT_PROPERTY_SEED, random: false };
  if (value === "random") return { seed: randomInt(-(2 ** 31), 2 ** 31), random: true };
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new Error(`PROPERTY_SEED must be an integer or "random", not ${JSON.stringify(value)}.`);
  return { seed: Number(value), random: false };
}

/**
 * The command that replays `file` (relative to the repository) with `seed`, and with the run's
 * PROPERTY_RUNS (`runs`) when it set a number: the seed decides the inputs, the number of runs how
 * far into them a failure was found (a nightly run's failure at its 300th input is not among the
 * first 25).
 * @example replayCommand(-7, "test/x.test.ts", "2000") // "PROPERTY_SEED=-7 PROPERTY_RUNS=2000 npx vitest run test/x.test.ts"
 */
export function replayCommand(seed: number, file: string, runs?: string): string {
  const count = runs?.trim() ?? "";
  return `PROPERTY_SEED=${seed}${/^\d+$/.test(count) ? ` PROPERTY_RUNS=${count}` : ""} npx vitest run ${file}`;
}
