// Judges a conformance run against the committed baseline (expected-failures.json): every check that
// does not pass must be listed there, and every listed check must still fail the way it says, so a
// fix that lands without removing its entry fails too. Pure: the test reads the files.
import type { Era } from "./scenarios.js";

/** Check statuses the suite writes to checks.json. */
export type CheckStatus = "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";

/** One check as the suite reported it. */
export interface Check {
  readonly era: Era;
  readonly scenario: string;
  readonly id: string;
  readonly status: CheckStatus;
  readonly errorMessage?: string;
}

/** Why a baselined check does not pass. */
export type FailureKind = "sdk-gap" | "suite-issue" | "out-of-scope" | "mcp-gen-gap";

/** How the server under test serves 2025-era clients (examples/conformance/src/http.ts). */
export type LegacyServing = "stateless" | "sessions";

export interface BaselineEntry {
  readonly era: Era;
  /** The 2025-era serving the entry holds for; absent, it holds for both. */
  readonly legacy?: LegacyServing;
  readonly scenario: string;
  readonly check: string;
  readonly status: "FAILURE" | "WARNING";
  readonly kind: FailureKind;
  readonly reason: string;
}

export interface Baseline {
  /** The suite the entries were recorded with, `@modelcontextprotocol/conformance@<version>`. */
  readonly package: string;
  readonly failures: readonly BaselineEntry[];
}

export interface Verdict {
  /** Not passing and not in the baseline (or in it with another status). */
  readonly unexpected: readonly Check[];
  /** In the baseline, but the check now passes, is gone, or fails differently. */
  readonly stale: readonly BaselineEntry[];
}

const SEVERITY: Readonly<Record<CheckStatus, number>> = { FAILURE: 4, WARNING: 3, SUCCESS: 2, SKIPPED: 1, INFO: 0 };

const keyOf = (era: string, scenario: string, check: string) => `${era} ${scenario} ${check}`;

/**
 * One verdict per era, scenario and check id: an id can repeat within a scenario (one per case it
 * tries), and its occurrences collapse to the most severe status, as the suite's own baseline does.
 */
export function collapseChecks(checks: readonly Check[]): Check[] {
  const worst = new Map<string, Check>();
  for (const check of checks) {
    const key = keyOf(check.era, check.scenario, check.id);
    const seen = worst.get(key);
    if (seen === undefined || SEVERITY[check.status] > SEVERITY[seen.status]) worst.set(key, check);
  }
  return [...worst.values()];
}

/** The entries that hold for a run at `era` against a server serving 2025-era clients `legacy`. */
export function entriesFor(baseline: Baseline, era: Era, legacy: LegacyServing): BaselineEntry[] {
  return baseline.failures.filter((entry) => entry.era === era && (entry.legacy === undefined || entry.legacy === legacy));
}

/** Compares the collapsed checks of a run with the baseline entries. */
export function compareWithBaseline(checks: readonly Check[], baseline: readonly BaselineEntry[]): Verdict {
  const expected = new Map(baseline.map((entry) => [keyOf(entry.era, entry.scenario, entry.check), entry]));
  const actual = new Map(collapseChecks(checks).map((check) => [keyOf(check.era, check.scenario, check.id), check]));
  const unexpected = [...actual.entries()].filter(([key, check]) => (check.status === "FAILURE" || check.status === "WARNING") && expected.get(key)?.status !== check.status).map(([, check]) => check);
  const stale = [...expected.entries()].filter(([key, entry]) => actual.get(key)?.status !== entry.status).map(([, entry]) => entry);
  return { unexpected, stale };
}

/** The verdict as lines a developer can act on. */
export function describeVerdict(verdict: Verdict): string {
  const lines = [
    ...verdict.unexpected.map((c) => `new ${c.status}: ${c.era} ${c.scenario} ${c.id}: ${c.errorMessage ?? "(no message)"}`),
    ...verdict.stale.map((e) => `baselined ${e.status} no longer seen (remove or update the entry): ${e.era} ${e.scenario} ${e.check}`),
  ];
  return lines.join("\n");
}
