// The lock file (mcp-tools.lock.json) as plain data. lock/ builds, renders, parses and compares it;
// schemas/mcp-tools.lock.schema.json is its contract on disk.
import type { JsonObject } from "./json.js";

/** The lock file format this mcp-gen reads and writes. A new format gets a new number. */
export const LOCKFILE_VERSION = 1;

export const LOCK_GENERATOR_NAME = "mcp-gen";

/**
 * The parts of a tool that get their own hash, so that a change can be named. Every Tool field of
 * MCP 2026-07-28 except `name` (the key of the entry), plus `other`: every remaining top-level
 * field taken together, so that a change to a field the spec does not define still shows up.
 * This order is the order in which changes are reported.
 */
export const TOOL_PARTS = ["title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "other"] as const;

export type ToolPart = (typeof TOOL_PARTS)[number];

/**
 * Changed parts as a message names them: `other` is no field a reader would look for, so it reads
 * "other top-level fields" (such as `execution`).
 * @example partList(["description", "other"]) // "description, other top-level fields"
 */
export function partList(parts: readonly ToolPart[]): string {
  return parts.map((part) => (part === "other" ? "other top-level fields" : part)).join(", ");
}

/** sha256 per part; a part the tool does not have is absent. */
export type PartHashes = { readonly [P in ToolPart]?: string };

export interface LockedTool {
  /** The descriptor file the tool is written in, project-relative. */
  readonly file: string;
  /** Lowercase hex SHA-256 of the RFC 8785 canonical JSON of the whole wire descriptor. */
  readonly sha256: string;
  readonly parts: PartHashes;
  /**
   * The wire descriptor itself, exactly as tools/list returns it; `sha256` and `parts` are its
   * hashes (parseLock refuses a lock where they disagree). Kept so that `diff` and `verify` can
   * classify a change and show its text without the old descriptor files.
   */
  readonly descriptor: JsonObject;
}

/**
 * The values of the project's package.json that generated code uses: the defaults the config took
 * from it (server.name from `name`, server.version from `version`), by field. Only these, not a
 * hash of the whole file: a dependency bump changes nothing a build writes.
 */
export interface PackageValues {
  readonly name?: string;
  readonly version?: string;
}

/**
 * The server a lock written by `mcp-gen import` pins: who it says it is (its serverInfo) and where
 * the tools came from. Nothing secret: no header or environment value, a URL without its user,
 * query or fragment, and command arguments that carry a credential shown as `<redacted>` (see
 * live/server-record.ts). `verify` and `import --update` compare `name`: a server that says it is
 * another is reported as another server, not as tools added and removed. A build keeps the record
 * as it is; a lock without it (written by `build`, or by an earlier `import`) pins tools only.
 */
export interface ServerRecord {
  /** serverInfo.name, as the server sent it. */
  readonly name?: string;
  /** serverInfo.version, as the server sent it. */
  readonly version?: string;
  /** A stdio server: the program and its arguments, as written (a client config's `${env:…}` unfilled). */
  readonly command?: readonly string[];
  /** A Streamable HTTP server: its URL's scheme, host, port and path. */
  readonly url?: string;
  /** A saved tools/list answer (`--file`): its path from the project root, or its name when outside. */
  readonly file?: string;
}

export interface LockFile {
  readonly lockfileVersion: typeof LOCKFILE_VERSION;
  readonly generator: { readonly name: typeof LOCK_GENERATOR_NAME; readonly version: string };
  /** The MCP revision the descriptors were checked against, for example "2026-07-28". */
  readonly specRevision: string;
  /** Keyed by tool name. */
  readonly tools: { readonly [name: string]: LockedTool };
  /**
   * Every file the build read (descriptors, the files their `$ref`s name, the config), keyed by
   * project-relative path: the hash of its text. When none changed, `check` can skip the pipeline.
   */
  readonly inputs: { readonly [path: string]: string };
  /** Every file the build rewrites (under `out`), keyed by project-relative path: the hash of its text. */
  readonly files: { readonly [path: string]: string };
  /**
   * The package.json values the build used. Every lock this mcp-gen writes has it; a lock without it
   * was written before (it records package.json's whole hash under `inputs` instead), and is read
   * as such: see describe-drift.ts.
   */
  readonly packageJson?: PackageValues;
  /** The server the tools were imported from (`mcp-gen import`); absent in a server project's lock. */
  readonly server?: ServerRecord;
}

/** Lowercase hex SHA-256. */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/**
 * A normalised project-relative path: not empty, not absolute (no leading "/", no drive letter),
 * no empty, "." or ".." segment. schemas/mcp-tools.lock.schema.json uses this same source.
 */
export const PROJECT_PATH_PATTERN_SOURCE = String.raw`^(?![A-Za-z]:)(?!/)(?![\s\S]*//)(?![\s\S]*/$)(?!(?:[\s\S]*/)?\.\.?(?:/|$))[\s\S]+$`;

export const PROJECT_PATH_PATTERN = new RegExp(PROJECT_PATH_PATTERN_SOURCE, "u");
