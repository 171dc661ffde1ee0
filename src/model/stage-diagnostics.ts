// Diagnostic ids that come from the stages and commands rather than from rules (loading, resolving,
// the lock, diff, verify). Their severity is fixed: error unless `severity` says otherwise.

export interface StageDiagnosticInfo {
  readonly id: string;
  readonly stage: "config" | "load" | "resolve" | "lock" | "diff" | "verify" | "internal";
  readonly summary: string;
  /** Error when absent. */
  readonly severity?: "error" | "warning" | "info";
}

export const STAGE_DIAGNOSTICS: readonly StageDiagnosticInfo[] = [
  { id: "build-in-progress", stage: "lock", summary: "Another mcp-gen process holds the project's lock (.mcp-gen.pid) while it builds." },
  { id: "config-invalid", stage: "config", summary: "mcp-gen.config.yaml has an unknown key, a wrong value, or an output folder outside the project." },
  {
    id: "descriptor-is-schema",
    stage: "resolve",
    summary:
      "A file the tools globs match has neither name nor inputSchema, and a $ref of the project names it: a schema file kept among the descriptors (tools/schemas/address.json), reported once instead of as a tool; the hint gives the config line that leaves it out.",
  },
  { id: "descriptor-not-object", stage: "load", summary: "A descriptor file holds something other than one Tool object." },
  {
    id: "entry-sdk-mismatch",
    stage: "lock",
    severity: "warning",
    summary:
      "An entry file init wrote (src/stdio.ts, src/http.ts) imports a package of the other SDK than the config's target (a project switched to target: sdk-v1 after init): build never rewrites the project's own files, and that entry no longer compiles against the generated code's SDK.",
  },
  { id: "generated-file-edited", stage: "lock", summary: "A generated file was edited by hand since the last build; build refuses to overwrite it without --force." },
  {
    id: "generated-file-foreign",
    stage: "lock",
    summary:
      "A file stands where a build writes a generated file, and neither the lock nor its first line says mcp-gen wrote it (the user's, or another generator's); build refuses to replace it without --force.",
  },
  { id: "generated-file-extra", stage: "lock", summary: "A file in the generated folder is not written by a build (left over, or added by hand)." },
  {
    id: "generated-file-formatted",
    stage: "lock",
    summary:
      "Generated files were reformatted (only whitespace, quotes, semicolons, commas, parentheses or a union's leading | differ, or the order of imports, or a let never assigned again made const): a formatter or linter ran over the generated folder; one finding names them all.",
  },
  { id: "generated-file-missing", stage: "lock", summary: "A file a build writes is missing from the generated folder." },
  { id: "generated-file-stale", stage: "lock", summary: "A generated file is what an earlier build wrote, not what a build writes now." },
  {
    id: "handler-moved",
    stage: "lock",
    summary:
      "A tool added since the last build maps to the same identifier or file as an older tool, whose handler stub therefore goes to another file or export name; the handler written at the old one would serve nothing, so build stops.",
  },
  { id: "internal-error", stage: "internal", summary: "A rule failed unexpectedly; this is a bug in mcp-gen." },
  { id: "json-duplicate-key", stage: "load", summary: "A JSON object has the same key twice." },
  { id: "json-number-range", stage: "load", summary: "A JSON number is too large to represent (it would read as infinity)." },
  { id: "json-syntax", stage: "load", summary: "A .json file is not valid JSON (comments and trailing commas included)." },
  { id: "load-encoding", stage: "load", summary: "A file is not UTF-8." },
  {
    id: "load-extension-case",
    stage: "load",
    severity: "warning",
    summary:
      "A tools glob would match a file but for the case of its extension (tools/x.YAML, .Yml, .JSON): globs tell upper from lower case on every system, so it is not read; rename it (tools/x.yaml).",
  },
  { id: "load-file-too-large", stage: "load", summary: "A file is larger than load.maxFileBytes; it is not read." },
  {
    id: "load-number-precision",
    stage: "load",
    summary: "A whole number has more digits than a JSON number holds exactly (past 2^53), so JavaScript reads another number.",
    severity: "warning",
  },
  {
    id: "load-number-underflow",
    stage: "load",
    summary: "A number written as non-zero is too small for a JSON number to hold (1e-400), so every reader reads it as 0: another value, and for multipleOf an invalid one.",
  },
  {
    id: "load-not-a-file",
    stage: "load",
    summary: "A tools glob matches a named pipe, socket or device, or a folder named like a descriptor file (tools/weird.json/) that holds none; it is reported, never opened.",
  },
  {
    id: "load-unreadable",
    stage: "load",
    summary:
      "A tools glob matches a descriptor the system will not let mcp-gen read (no permission, a path it refuses to look up, a symbolic link to nothing or a loop of links); it is reported at the path, not left out.",
  },
  { id: "load-outside-root", stage: "load", summary: "A descriptor lies outside the project (a tools glob leaves it), or is a link to a file there." },
  { id: "load-too-deep", stage: "load", summary: "A file nests deeper than load.maxDepth; it is refused before parsing." },
  { id: "load-too-many-nodes", stage: "load", summary: "A file holds more values than load.maxNodes." },
  {
    id: "lock-format-old",
    stage: "lock",
    summary: "mcp-tools.lock.json is of the earlier format that hashed all of package.json; the next build records only the package.json values generation uses.",
    severity: "info",
  },
  {
    id: "lock-generator-changed",
    stage: "lock",
    summary: "mcp-tools.lock.json was written by another mcp-gen version: an error where this version writes other code, a warning where it writes the same.",
  },
  { id: "lock-input-changed", stage: "lock", summary: "A file the build reads changed (or appeared, or went away) without changing any tool; the lock does not record it yet." },
  { id: "lock-invalid", stage: "lock", summary: "mcp-tools.lock.json is malformed or was edited by hand." },
  { id: "lock-missing", stage: "lock", summary: "The project has no lock file: nothing has been built and pinned yet." },
  { id: "lock-stale", stage: "lock", summary: "mcp-tools.lock.json is not what a build writes now, for a reason no other check names." },
  { id: "lock-tool-added", stage: "lock", summary: "A descriptor defines a tool that mcp-tools.lock.json does not pin." },
  { id: "lock-tool-changed", stage: "lock", summary: "A tool's wire descriptor differs from the one mcp-tools.lock.json pins; the part that changed is named." },
  { id: "lock-tool-moved", stage: "lock", summary: "A tool is now defined in another descriptor file than the one mcp-tools.lock.json names." },
  { id: "lock-tool-removed", stage: "lock", summary: "mcp-tools.lock.json pins a tool that no descriptor defines any more." },
  { id: "lock-tool-renamed", stage: "lock", summary: "A tool pinned in mcp-tools.lock.json is now defined under another name, with the same descriptor otherwise." },
  {
    id: "module-format-commonjs",
    stage: "config",
    summary:
      'tsc would compile the generated code (ES modules) as CommonJS under "verbatimModuleSyntax": a Node "module" mode in a package without "type": "module" (npm init -y with tsc --init), which refuses every import and export.',
    severity: "warning",
  },
  {
    id: "output-path-unsafe",
    stage: "config",
    summary:
      "A folder or file mcp-gen writes (out, handlers, tests, the lock, import's --dir, init's files) is a link, or lies behind one, whose real path leaves the project; or the generated folder or lock is a link or holds one; or a folder stands where a file is written (a generated file, the lock, a handler stub or test scaffold), or a file where a folder is, or a named pipe, socket or device where a generated file is.",
  },
  {
    id: "package-json-invalid",
    stage: "config",
    summary:
      'package.json is not valid JSON (left-over merge-conflict markers, say) or holds no object, or is no file (a folder, a named pipe): mcp-gen ignores it, so the server\'s name and version fall back to server.name and server.version in the config, else "mcp-server" 0.0.0.',
    severity: "warning",
  },
  {
    id: "project-not-found",
    stage: "config",
    summary: "There is no mcp-gen.config.yaml and no descriptor where a project without one keeps them: the folder is not an mcp-gen project (build and validate exit 1).",
  },
  { id: "ref-cycle", stage: "resolve", summary: "A loop of $ref, $dynamicRef or $recursiveRef never descends into the value, so validation would never end." },
  {
    id: "ref-dialect-mismatch",
    stage: "resolve",
    summary: "A $ref names a file that declares another JSON Schema dialect than the schema it is bundled into, whose rules then read its keywords.",
    severity: "warning",
  },
  {
    id: "ref-network-refused",
    stage: "resolve",
    summary: "A $ref names a URI with a scheme (http, https, ftp, data, urn...), or is a relative path inside an embedded resource whose absolute $id makes it one; nothing is ever fetched.",
  },
  { id: "ref-outside-root", stage: "resolve", summary: "A $ref names an absolute path, a file: URI, or a path or link leaving the project." },
  {
    id: "ref-unresolved",
    stage: "resolve",
    summary: "A $ref names a file or a JSON Pointer that does not exist, or a path the file system refuses to look up (a name too long, a path through a file, a loop of links).",
  },
  { id: "runtime-missing", stage: "lock", summary: "The generated code imports @mcp-gen/runtime, and package.json does not depend on it (or only as a dev dependency), or no node_modules holds it." },
  { id: "runtime-version", stage: "lock", summary: "The installed @mcp-gen/runtime is outside the range the generated code states (RUNTIME_RANGE in tools.ts)." },
  {
    id: "saved-answer-invalid",
    stage: "load",
    summary:
      "A saved tools/list answer (import or verify --file) is not one: no tools/list answer in it, a JSON-RPC error, a tool that is not an object with a name, a tool twice, or pages that do not continue one another.",
  },
  {
    id: "scaffold-leftover",
    stage: "lock",
    severity: "warning",
    summary:
      "A tool was removed or renamed since the last build, and its handler stub or test scaffold is still there: build never deletes them, but nothing imports the handler and the generated code no longer has the tool's types or client method, so the project's tsc and tests fail on them.",
  },
  {
    id: "scaffold-not-created",
    stage: "lock",
    summary:
      "build could not create a handler stub or test scaffold: the system refused it (no permission, a read-only file system, the disk full); the build writes nothing, so the generated code never imports a stub that is not there.",
  },
  {
    id: "sdk-missing",
    stage: "lock",
    summary:
      "The generated code imports an MCP SDK package (the v2 server and client, or the v1 SDK, by target) that the installed project lacks: @mcp-gen/runtime's SDK peers are optional, so package.json must name it.",
  },
  { id: "tool-change-breaking", stage: "diff", summary: "A change to a tool that can make a caller written against the old descriptor fail (mcp-gen diff)." },
  { id: "tool-change-compatible", stage: "diff", summary: "A change to a tool that old callers keep working with (mcp-gen diff).", severity: "info" },
  {
    id: "tool-change-needs-review",
    stage: "diff",
    summary: "A change to what the model reads or people see of a tool, which a person should review: what a rug pull looks like (mcp-gen diff).",
    severity: "warning",
  },
  {
    id: "tools-not-found",
    stage: "config",
    summary: "The tools globs matched no descriptor file, so there is nothing to validate or build (an error for build when the lock still pins tools).",
    severity: "warning",
  },
  { id: "verify-tool-added", stage: "verify", summary: "The live server lists a tool that mcp-tools.lock.json does not pin." },
  { id: "verify-tool-changed", stage: "verify", summary: "A tool the live server lists differs from the one mcp-tools.lock.json pins; the parts that changed are named." },
  {
    id: "verify-other-server",
    stage: "verify",
    summary: "The server says it is another server (serverInfo name) than the one mcp-tools.lock.json records; its tools are not compared.",
  },
  { id: "verify-tool-removed", stage: "verify", summary: "mcp-tools.lock.json pins a tool that the live server no longer lists." },
  {
    id: "yaml-1-1-scalar",
    stage: "load",
    summary:
      "An unquoted YAML value or key is read otherwise by YAML 1.1 readers (yes, on and off as booleans, 0777 as octal, 1:20 as 80, 1_000 as 1000, 2024-01-01 as a date); mcp-gen reads YAML 1.2.",
    severity: "warning",
  },
  { id: "yaml-alias-cycle", stage: "load", summary: "A YAML alias is used inside its own anchor." },
  { id: "yaml-alias-limit", stage: "load", summary: "YAML aliases expand to more than load.maxAliasNodes values (alias bombs stop here)." },
  { id: "yaml-complex-key", stage: "load", summary: "A YAML mapping key is a collection, an alias or null, which JSON cannot represent." },
  { id: "yaml-duplicate-key", stage: "load", summary: 'A YAML mapping has the same key twice, or two keys (true and "true") that name the same member.' },
  { id: "yaml-key-without-value", stage: "load", summary: "A key inside { } has no value: usually an unquoted comma split a value in two." },
  { id: "yaml-merge-key", stage: "load", summary: "A YAML 1.1 merge key (<<) is used; write the keys out." },
  { id: "yaml-non-json-value", stage: "load", summary: "A YAML value has no JSON equivalent (.inf, .nan)." },
  { id: "yaml-non-string-key", stage: "load", summary: 'A YAML mapping key read as a number or boolean names its member otherwise than written (0x1F names "31", 1.0 names "1").' },
  { id: "yaml-syntax", stage: "load", summary: "A YAML file does not parse, is empty, or holds more than one document." },
  {
    id: "yaml-unsupported-tag",
    stage: "load",
    summary: "A YAML tag produces a non-JSON value (!!binary, !!timestamp, a custom tag), or does not fit the value after it (!!int on a word, !!float 1).",
  },
  { id: "yaml-version", stage: "load", summary: "A YAML file declares a version other than 1.2 (%YAML 1.1), whose readers read some values differently." },
];
