// The normalised configuration: every option filled in, no optional fields. Later stages never
// apply defaults of their own.
import type { LoadLimits } from "../load/limits.js";
import type { PackageValues } from "../model/lock.js";
import type { RuleSettings } from "../validate/run-rules.js";
import type { Preset } from "./preset.js";

export type Target = "sdk-v2" | "sdk-v1";

/**
 * What a build generates. "all": the server, the client and the handler stubs and test scaffolds.
 * "client": the typed client, its types and validators, and the lock: a project that consumes a
 * server someone else runs (what `mcp-gen import` sets up).
 */
export type Generate = "all" | "client";

/**
 * Where generated code gets its runtime. "package": it imports @mcp-gen/runtime, a dependency of the
 * project (npm audit and Dependabot see it; a runtime fix needs no rebuild). "vendored": a build
 * copies the runtime modules the generated code needs into `out`/runtime/, for a project that wants
 * no dependency beyond the SDK.
 */
export type RuntimeMode = "package" | "vendored";

export interface ServerLimits {
  /** Largest tools/call request body accepted over HTTP, in bytes. */
  readonly maxRequestBytes: number;
  /** Deepest nesting of arguments accepted before schema validation runs. */
  readonly maxArgumentDepth: number;
  /** Longest string anywhere in the arguments, in UTF-16 code units. */
  readonly maxStringLength: number;
  /** Time a handler may take before the call fails with a timeout error (0 = no limit). */
  readonly callTimeoutMs: number;
}

export interface ServerSettings {
  readonly name: string;
  readonly version: string;
  /** Tools per tools/list page; 0 puts every tool on one page. */
  readonly pageSize: number;
  /** tools/list `ttlMs`: how long clients may treat the list as fresh. */
  readonly ttlMs: number;
  /** tools/list `cacheScope`: "private" when the list depends on the caller's credentials. */
  readonly cacheScope: "public" | "private";
  readonly limits: ServerLimits;
}

export interface Config {
  /** Globs of descriptor files, relative to the project root. */
  readonly tools: readonly string[];
  /** Folder rewritten by every build. */
  readonly out: string;
  /** Folder of handler stubs, created once, then the user's. */
  readonly handlers: string;
  /** Folder of vitest scaffolds, created once, then the user's. */
  readonly tests: string;
  readonly lock: string;
  readonly target: Target;
  readonly generate: Generate;
  readonly runtime: RuntimeMode;
  readonly server: ServerSettings;
  readonly load: LoadLimits;
  /** The rule preset the severities start from (`rules` below already applies it). */
  readonly preset: Preset;
  readonly rules: RuleSettings;
  /** The package.json values this config took as defaults (recorded in the lock): none when the config sets both. */
  readonly packageJson: PackageValues;
}

export const CONFIG_FILE = "mcp-gen.config.yaml";
