// One schema root (inputSchema or outputSchema) → the same schema with every file `$ref` bundled
// under `$defs` (`definitions` in draft-07) and rewritten to a local pointer. Same-document refs are
// checked and kept. Network URIs, absolute paths and escapes from the project root are refused and
// never fetched. Each bundled target is copied once, so recursive schemas terminate.
import { posix } from "node:path";
import type { Diagnostic } from "../model/diagnostic.js";
import { definitionsKeyword, dialectOf, DEFAULT_DIALECT, type Dialect } from "../model/dialect.js";
import { cloneJson, defineOwn, getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { escapePointerToken, isPointerWithin, joinPointer, splitPointer } from "../model/pointer.js";
import { referenceTo, resourceAt, schemaRefTarget, schemaResources, type SchemaRefTarget, type SchemaResources } from "../model/schema-resources.js";
import { walkSchema } from "../model/schema-walk.js";
import type { SourceDoc, SourceMount } from "../model/source.js";
import { quote } from "../load/diagnostic-at.js";
import { diagnosticAtPointer } from "../load/locate.js";
import { parseRef, parseRefIn, type RefTarget } from "./parse-ref.js";
import type { ProjectFile } from "./project-file.js";
import { descriptorSchemaRoot, isNetworkUri, isToolDescriptor, refBaseAt, type RefBase } from "./ref-base.js";

export interface BundleInput {
  /** The document holding the schema root, and where the root sits in it and on the wire. */
  readonly doc: SourceDoc;
  readonly sourcePointer: string;
  readonly wirePointer: string;
  readonly files: ReadonlyMap<string, ProjectFile>;
}

export interface BundleOutput {
  readonly schema: JsonValue;
  readonly mounts: SourceMount[];
  readonly diagnostics: Diagnostic[];
}

/** What a `$ref` names: the schema at `pointer` of `doc`; `sameDocument` when that is the ref's own document. */
interface LookupResult {
  readonly doc: SourceDoc;
  readonly pointer: string;
  readonly value: JsonValue;
  readonly sameDocument: boolean;
}

/** A schema document refs are read in: a descriptor's inputSchema or outputSchema, or a whole file. */
interface SchemaScope {
  readonly root: JsonValue;
  /** Where the root is in its file. */
  readonly rootPointer: string;
  readonly resources: SchemaResources;
}

type Report = (ruleId: string, message: string, hint: string) => void;

interface CopyJob {
  readonly doc: SourceDoc;
  readonly sourcePointer: string;
  /** The copy to rewrite in place (it belongs to the bundler). */
  readonly value: JsonValue;
  /** True for the schema as written in the descriptor: its same-document refs stay as they are. */
  readonly isMain: boolean;
}

export function bundleSchema(input: BundleInput): BundleOutput {
  const original = valueAt(input.doc.value, splitPointer(input.sourcePointer));
  if (original === undefined) return { schema: null, mounts: [], diagnostics: [] };
  const bundler = new Bundler(input);
  return bundler.run(cloneJson(original));
}

class Bundler {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly mounts: SourceMount[] = [];
  /** "file#pointer" → the local `$ref` that now names it. */
  private readonly targets = new Map<string, string>();
  private readonly definitions: [string, JsonValue][] = [];
  private readonly usedNames = new Set<string>();
  private readonly queue: CopyJob[] = [];
  private defsKeyword: "$defs" | "definitions" = "$defs";
  /** The dialect the bundled schema is read in: its root's `$schema`; undefined for one mcp-gen does not know. */
  private dialect: Dialect | undefined = DEFAULT_DIALECT;
  /** Files already warned about for declaring another dialect. */
  private readonly otherDialects = new Set<string>();
  /** Whether the ref being looked up is the whole schema's (inlineRootRef). */
  private inlining = false;
  /** The resources of each schema document a ref was looked up in, by "file#schema root pointer". */
  private readonly scopes = new Map<string, SchemaScope>();

  constructor(private readonly input: BundleInput) {}

  run(root: JsonValue): BundleOutput {
    const { doc, sourcePointer } = this.input;
    const inlined = this.inlineRootRef(root);
    root = inlined ?? root;
    if (!isJsonObject(root)) return { schema: root, mounts: this.mounts, diagnostics: this.diagnostics };
    this.dialect = dialectOf(getOwn(root, "$schema"));
    this.defsKeyword = definitionsKeyword(this.dialect ?? DEFAULT_DIALECT);
    for (const name of Object.keys(getOwn(root, this.defsKeyword) ?? {})) this.usedNames.add(name);
    if (inlined === undefined) this.queue.unshift({ doc, sourcePointer, value: root, isMain: true });
    for (let job = this.queue.shift(); job; job = this.queue.shift()) this.rewriteRefs(job);
    if (this.definitions.length > 0) {
      const defs: Record<string, JsonValue> = { ...(getOwn(root, this.defsKeyword) as JsonObject | undefined) };
      for (const [name, value] of this.definitions) defineOwn(defs, name, value);
      defineOwn(root as Record<string, JsonValue>, this.defsKeyword, defs);
    }
    return { schema: root, mounts: this.mounts, diagnostics: this.diagnostics };
  }

  /** `inputSchema: { $ref: "../schemas/x.yaml" }` takes the file's schema as the root itself. */
  private inlineRootRef(root: JsonValue): JsonValue | undefined {
    const { doc, sourcePointer, wirePointer } = this.input;
    if (!isJsonObject(root) || Object.keys(root).length !== 1 || typeof root.$ref !== "string") return undefined;
    if (parseRef(root.$ref, doc.file).kind === "local") return undefined;
    // The file becomes the schema itself, its `$schema` with it: no other dialect to warn of.
    this.inlining = true;
    const target = this.lookup(root.$ref, doc, sourcePointer, "$ref");
    this.inlining = false;
    if (!target) return undefined;
    const copy = cloneJson(target.value);
    this.targets.set(`${target.doc.file}#${target.pointer}`, "#");
    this.mounts.push({ wirePointer, file: target.doc.file, sourcePointer: target.pointer });
    this.queue.push({ doc: target.doc, sourcePointer: target.pointer, value: copy, isMain: false });
    return copy;
  }

  /** Rewrites every `$ref` in a copy; `isMain` copies keep their same-document refs. */
  private rewriteRefs(job: CopyJob): void {
    const { isMain } = job;
    walkSchema(job.value, "", (node) => {
      if (typeof node.schema === "boolean") return;
      const keyword = isMain ? "$ref" : refAsStatic(node.schema as Record<string, JsonValue>, job.doc.file);
      for (const dynamic of DYNAMIC_REFS) this.refuseDynamicRef(job, node.pointer, getOwn(node.schema, dynamic), dynamic);
      const ref = getOwn(node.schema, "$ref");
      if (typeof ref !== "string") return;
      const holderPointer = joinPointer(job.sourcePointer, ...splitPointer(node.pointer));
      const target = this.lookup(ref, job.doc, holderPointer, keyword);
      if (!target) return;
      // A same-document ref in the descriptor (an embedded resource's `$id` included): kept as written.
      if (isMain && target.sameDocument) return;
      const local = this.localRefFor(target.doc, target.pointer, target.value);
      const written = isMain ? this.fromItsResource(job.doc, holderPointer, local, ref, keyword) : local;
      if (written !== undefined) defineOwn(node.schema as Record<string, JsonValue>, "$ref", written);
    });
  }

  /**
   * A `$dynamicRef` (or 2019-09 `$recursiveRef`) to another document is reported where it is written.
   * mcp-gen bundles what `$ref` names; ajv resolves these only within the tool's schema, so the schema
   * stopped at schema-valid with ajv's words ("only supports hash fragment reference") at inputSchema.
   */
  private refuseDynamicRef(job: CopyJob, pointer: string, ref: JsonValue | undefined, keyword: string): void {
    if (typeof ref !== "string") return;
    const holderPointer = joinPointer(job.sourcePointer, ...splitPointer(pointer));
    const at = joinPointer(holderPointer, keyword);
    // A resource of its own document named by its URI: no network and no file, but ajv (the SDK's
    // validator) resolves a dynamic ref only by a fragment ("only supports hash fragment reference").
    const scope = this.scopeOf(job.doc, holderPointer);
    // A path is read as `$ref`'s is (lookup): inside a resource with an absolute `$id`, a URI under it.
    const base = this.baseOf(scope, holderPointer, job.doc.file);
    const asPath = parseRefIn(ref, base.kind === "folder" ? base.folder : posix.dirname(job.doc.file));
    if (asPath.kind === "local") return;
    const target: Exclude<RefTarget, { kind: "local" }> =
      base.kind !== "uri" || asPath.kind !== "file"
        ? asPath
        : isNetworkUri(base.uri)
          ? { kind: "network", scheme: "" }
          : { kind: "outside-root", reason: `inside the embedded resource whose $id sets the base URI ${quote(base.uri)}, it names an absolute path` };
    const holder = valueAt(job.doc.value, splitPointer(holderPointer));
    const inDocument = schemaRefTarget(scope.resources, isJsonObject(holder) ? holder : undefined, ref).kind;
    if (inDocument === "found" || inDocument === "missing") {
      this.diagnostics.push(
        diagnosticAtPointer(job.doc, at, {
          severity: "error",
          ruleId: "ref-unresolved",
          message: `${keyword} ${quote(ref)} names a schema of this document by its URI; validators, the official SDK's included, resolve ${keyword} only by a fragment ("#name").`,
          hint: `Write the fragment alone, with the anchor declared where the dynamic scope finds it, or use "$ref" with the same value.`,
        }),
      );
      return;
    }
    const problem = dynamicRefProblem(keyword, ref, target);
    this.diagnostics.push(diagnosticAtPointer(job.doc, at, { severity: "error", ...problem }));
  }

  private localRefFor(doc: SourceDoc, pointer: string, value: JsonValue): string {
    const key = `${doc.file}#${pointer}`;
    const known = this.targets.get(key);
    if (known !== undefined) return known;
    const name = this.pickName(doc.file, pointer);
    const local = `#/${this.defsKeyword}/${escapePointerToken(name)}`;
    this.targets.set(key, local);
    const copy = cloneJson(value);
    dropIdentifiers(copy);
    this.definitions.push([name, copy]);
    this.mounts.push({ wirePointer: joinPointer(this.input.wirePointer, this.defsKeyword, name), file: doc.file, sourcePointer: pointer });
    this.queue.push({ doc, sourcePointer: pointer, value: copy, isMain: false });
    return local;
  }

  private pickName(file: string, pointer: string): string {
    const base = posix.basename(file).replace(/\.(ya?ml|json)$/i, "");
    const last = splitPointer(pointer).at(-1);
    const candidates = last === undefined ? [base] : [last, `${base}.${last}`];
    for (const candidate of candidates.map(sanitizeName)) {
      if (!this.usedNames.has(candidate)) return this.reserve(candidate);
    }
    const stem = sanitizeName(candidates.at(-1)!);
    for (let n = 2; ; n++) if (!this.usedNames.has(`${stem}_${n}`)) return this.reserve(`${stem}_${n}`);
  }

  private reserve(name: string): string {
    this.usedNames.add(name);
    return name;
  }

  /**
   * Finds what a `$ref` (under `keyword` of the schema at `holderPointer` of `from`) names, reporting
   * why when it cannot (never reading the disk or the network). A ref is first read within its own
   * document, as ajv reads it: resolved against the base URI in scope, it may name the root or an
   * embedded resource (a subschema with `$id`) there, and then it is a same-document ref, whatever
   * file or URI it looks like (JSON Schema 2020-12 Core § 8.2.1, § 9.3). Only a ref that names no
   * resource of its document names a file, read against the same base (refBaseAt): from the file's
   * folder, or the one a relative `$id` around it names; inside a resource with an absolute `$id`
   * it names a URI under that `$id`, never a file.
   */
  private lookup(ref: string, from: SourceDoc, holderPointer: string, keyword: string): LookupResult | undefined {
    const refPointer = joinPointer(holderPointer, keyword);
    const report = (ruleId: string, message: string, hint: string) => this.diagnostics.push(diagnosticAtPointer(from, refPointer, { ruleId, severity: "error", message, hint }));
    const scope = this.scopeOf(from, holderPointer);
    const holder = valueAt(from.value, splitPointer(holderPointer));
    const inDocument = schemaRefTarget(scope.resources, isJsonObject(holder) ? holder : undefined, ref);
    if (inDocument.kind === "found" || inDocument.kind === "missing") return this.inDocument(inDocument, scope, from, ref, report);
    const base = this.baseOf(scope, holderPointer, from.file);
    const target = parseRefIn(ref, base.kind === "folder" ? base.folder : posix.dirname(from.file));
    // A ref ajv's resolver refuses names no resource; what it looks like as a path says why first
    // (a backslash, an absolute path, a network scheme), else the resolver's own words.
    if (inDocument.kind === "malformed" && (target.kind === "file" || target.kind === "local")) {
      report("ref-unresolved", `$ref ${quote(ref)} cannot be resolved: ${inDocument.reason}.`, "Fix the reference; write a literal % as %25.");
      return undefined;
    }
    // A relative reference (a path, "../" or "/" ones too) under an absolute `$id` is a URI under it.
    if (base.kind === "uri" && inDocument.kind === "elsewhere" && !isNetworkUri(ref) && target.kind !== "malformed") {
      this.reportUriBase(ref, inDocument.uri, base, scope, report);
      return undefined;
    }
    switch (target.kind) {
      case "network":
        report(
          "ref-network-refused",
          `$ref ${quote(ref)} ${target.scheme === "//" ? "is a network-path reference" : `uses the ${target.scheme}: scheme`}; mcp-gen resolves only files inside the project and never fetches anything.`,
          "Copy the schema into the project and $ref it by relative path, or inline it under $defs (with that URI as its $id).",
        );
        return undefined;
      case "outside-root":
        report("ref-outside-root", `$ref ${quote(ref)} leaves the project: ${target.reason}.`, "Keep shared schemas inside the project (for example under schemas/) and $ref them by relative path.");
        return undefined;
      case "malformed":
        report("ref-unresolved", `$ref ${quote(ref)} cannot be resolved: ${target.reason}.`, target.hint ?? "Fix the reference.");
        return undefined;
      case "local":
        // Unreachable: a fragment-only ref names the resource it is written in.
        report("ref-unresolved", `$ref ${quote(ref)} points at nothing in this schema.`, "Fix the reference.");
        return undefined;
      case "file":
        return this.inProjectFile(target, ref, from, refPointer, report, base.kind === "folder" ? this.movedNote(base, scope) : undefined);
    }
  }

  /** The base relative refs of the schema at `holderPointer` of `file` are read against (refBaseAt). */
  private baseOf(scope: SchemaScope, holderPointer: string, file: string): RefBase {
    return refBaseAt(scope.root, scope.resources, holderPointer.slice(scope.rootPointer.length), file);
  }

  /** For a path read from a folder an embedded resource's relative `$id` moved: which, said for a hint. */
  private movedNote(base: Extract<RefBase, { kind: "folder" }>, scope: SchemaScope): string | undefined {
    if (base.movedBy === undefined) return undefined;
    const folder = base.folder === "." ? "the project root" : quote(`${base.folder}/`);
    return `inside the embedded resource at ${joinPointer(scope.rootPointer, ...splitPointer(base.movedBy.pointer))} it is relative to ${folder}, where its $id ${quote(base.movedBy.id)} puts the base URI`;
  }

  /**
   * A relative path written inside an embedded resource whose `$id` is absolute (https://…): resolved
   * against that base, as ajv and every validator resolve it, it names a URI under the `$id`, which no
   * schema of the document claims; the file beside the descriptor that the path looks like is another
   * schema, and bundling it would publish a schema the descriptor does not name.
   */
  private reportUriBase(ref: string, uri: string, base: Extract<RefBase, { kind: "uri" }>, scope: SchemaScope, report: Report): void {
    const idAt = joinPointer(scope.rootPointer, ...splitPointer(base.idPointer));
    report(
      isNetworkUri(uri) ? "ref-network-refused" : "ref-outside-root",
      `$ref ${quote(ref)} resolves to ${quote(uri)} against the base URI ${quote(base.uri)} that the $id at ${idAt} sets, not to a file of the project: no schema of this document has that URI, and mcp-gen never fetches anything.`,
      "To bundle a project file, $ref it from outside that embedded resource or give the resource a relative $id (a path is then read from the folder it names); to name that URI, embed its schema under $defs with the URI as its $id.",
    );
  }

  /** A ref that names a resource of its own document (schemaRefTarget): the schema there, or why there is none. */
  private inDocument(target: Extract<SchemaRefTarget, { kind: "found" | "missing" }>, scope: SchemaScope, from: SourceDoc, ref: string, report: Report): LookupResult | undefined {
    const at = (pointer: string) => joinPointer(scope.rootPointer, ...splitPointer(pointer));
    const where = scope.rootPointer === "" ? from.file : `${scope.rootPointer.slice(1)} of ${from.file}`;
    const resource = target.resource.pointer === "" ? "root resource" : `embedded resource ${quote(target.resource.uri)} (the $id at ${at(target.resource.pointer)})`;
    if (target.kind === "missing") {
      const elsewhere = target.anchorElsewhere;
      report(
        "ref-unresolved",
        `$ref ${quote(ref)} points at nothing in ${where}: the ${resource} it names ${target.reason}${elsewhere ? "; a plain name belongs to the resource whose $id encloses it" : ""}.`,
        elsewhere !== undefined
          ? `The schema at ${at(elsewhere.pointer)} declares it in the resource ${quote(elsewhere.uri === "" ? "#" : elsewhere.uri)}: write ${quote(`${elsewhere.uri}#${ref.slice(ref.indexOf("#") + 1)}`)}, or a JSON Pointer to it.`
          : target.resource.pointer === "" && target.reason.includes("only on its root")
            ? 'Write "#" to name the root schema.'
            : 'Point it at an existing definition, for example "#/$defs/Name"; a "#" ref starts at the root of the resource it is written in.',
      );
      return undefined;
    }
    const value = valueAt(scope.root, splitPointer(target.pointer));
    if (value === undefined) {
      if (target.resource.pointer !== "") {
        report(
          "ref-unresolved",
          `$ref ${quote(ref)} points at nothing in the ${resource} of ${where}.`,
          'Fix the JSON Pointer after "#"; a "#" ref inside an embedded resource starts at that resource\'s root.',
        );
      } else if (from === this.input.doc && scope.rootPointer === this.input.sourcePointer) {
        report(
          "ref-unresolved",
          `$ref ${quote(ref)} points at nothing in this schema.`,
          'Point it at an existing definition, for example "#/$defs/Name"; same-document refs start at the schema root.',
        );
      } else {
        report(
          "ref-unresolved",
          `$ref ${quote(ref)} points at nothing in ${where}.`,
          `Fix the JSON Pointer after "#"${scope.rootPointer === "" ? "" : "; same-document refs start at the schema root"}.`,
        );
      }
      return undefined;
    }
    return { doc: from, pointer: at(target.pointer), value, sameDocument: true };
  }

  /** A ref to another file of the project, read from that file's root. */
  private inProjectFile(target: Extract<RefTarget, { kind: "file" }>, ref: string, from: SourceDoc, refPointer: string, report: Report, moved: string | undefined): LookupResult | undefined {
    const file = this.input.files.get(target.path);
    if (file?.status === "ok") {
      if (target.fragment === "" && isToolDescriptor(file.doc.value)) {
        // A descriptor's root is a Tool, whose members are no schema keywords: read as a schema it
        // accepts any value, which is never what a `$ref` to it means.
        report(
          "ref-unresolved",
          `$ref ${quote(ref)} names ${quote(target.path)}, a tool descriptor, not a schema: its name, description and inputSchema are no keywords, so as a schema it would accept any value.`,
          `Point at the schema you mean in it, for example ${quote(`${ref.split("#")[0]}#/inputSchema`)}.`,
        );
        return undefined;
      }
      this.warnOtherDialect(file.doc, target.path, ref, from, refPointer);
      const scope = this.scopeOf(file.doc, "");
      const fragment = ref.includes("#") ? ref.slice(ref.indexOf("#")) : "#";
      const inFile = schemaRefTarget(scope.resources, isJsonObject(scope.root) ? scope.root : undefined, fragment);
      const value = inFile.kind === "found" ? valueAt(scope.root, splitPointer(inFile.pointer)) : undefined;
      if (inFile.kind !== "found" || value === undefined) {
        report("ref-unresolved", `$ref ${quote(ref)} points at nothing in ${file.doc.file}.`, 'Fix the JSON Pointer after "#".');
        return undefined;
      }
      return { doc: file.doc, pointer: inFile.pointer, value, sameDocument: false };
    }
    if (file?.status === "invalid") return undefined;
    if (file?.status === "refused") {
      report("ref-outside-root", `$ref ${quote(ref)} leaves the project: ${file.reason}.`, "Keep shared schemas inside the project and $ref them by relative path.");
    } else {
      const what =
        file?.status !== "missing" ? "does not exist" : file.notAFile !== undefined ? `is ${file.notAFile}` : file.unreadable !== undefined ? `cannot be read: ${file.unreadable}` : "does not exist";
      // Refused by the system (no permission): the path is right, the file's mode is not.
      const denied = file?.status === "missing" && file.unreadable !== undefined && /\((?:EACCES|EPERM)\)$/.test(file.unreadable);
      const hint = denied
        ? "Give the user that runs mcp-gen permission to read the file and search the folders on its path."
        : moved === undefined
          ? "Fix the path; it is relative to this file."
          : `Fix the path; ${moved}.`;
      report("ref-unresolved", `$ref ${quote(ref)} names ${quote(target.path)}, which ${what}.`, hint);
    }
    return undefined;
  }

  /**
   * The schema document a ref at `pointer` of `doc` is read in: a descriptor's inputSchema or
   * outputSchema (same-document refs start at the schema root, not at the descriptor's), or the whole
   * file. Its resources are found once per bundle.
   */
  private scopeOf(doc: SourceDoc, pointer: string): SchemaScope {
    const { doc: main, sourcePointer } = this.input;
    const rootPointer = doc === main && isPointerWithin(pointer, sourcePointer) ? sourcePointer : isToolDescriptor(doc.value) ? (descriptorSchemaRoot(pointer) ?? "") : "";
    const key = `${doc.file}#${rootPointer}`;
    let scope = this.scopes.get(key);
    if (!scope) {
      const root = valueAt(doc.value, splitPointer(rootPointer)) ?? null;
      scope = { root, rootPointer, resources: schemaResources(root) };
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /**
   * The rewritten `local` ("#/$defs/…") of a file `$ref` of the descriptor's schema, as written where
   * the ref is. In the root resource it names the bundled copy; inside an embedded resource (a
   * subschema with `$id`) a "#" ref starts at that resource's root instead, so it names the copy by
   * the root's `$id`, written so that resolved against the resource's base URI it gives the root's
   * URI (referenceTo): a relative root `$id` ("root.json") from a resource "sub/r.json" is
   * "../root.json", since "root.json" there is "sub/root.json". A root without `$id` has no URI to
   * name it by, and a relative one none from a resource with an absolute `$id`: reported, undefined.
   */
  private fromItsResource(doc: SourceDoc, holderPointer: string, local: string, ref: string, keyword: string): string | undefined {
    const scope = this.scopeOf(doc, holderPointer);
    const resource = resourceAt(scope.resources, holderPointer.slice(scope.rootPointer.length));
    const rootUri = scope.resources.resources[0]!.uri;
    if (resource.pointer === "") return local;
    const holder = valueAt(doc.value, splitPointer(holderPointer));
    const written = rootUri === "" ? undefined : referenceTo(scope.resources, isJsonObject(holder) ? holder : undefined, local);
    if (written !== undefined) return written;
    const idAt = joinPointer(scope.rootPointer, ...splitPointer(resource.pointer));
    this.diagnostics.push(
      diagnosticAtPointer(doc, joinPointer(holderPointer, keyword), {
        ruleId: "ref-unresolved",
        severity: "error",
        message:
          rootUri === ""
            ? `$ref ${quote(ref)} names a file from inside the embedded resource ${quote(resource.uri)} (the $id at ${idAt}); mcp-gen bundles the file into the $defs of the schema root, which has no $id by which a reference inside another resource could name it.`
            : `$ref ${quote(ref)} names a file from inside the embedded resource ${quote(resource.uri)} (the $id at ${idAt}); mcp-gen bundles the file into the $defs of the schema root, whose relative $id ${quote(rootUri)} no reference resolved against that resource's base URI can name.`,
        hint:
          rootUri === ""
            ? "Give the schema root an $id, move the $ref out of the embedded resource, or copy the file's schema into that resource's $defs."
            : "Give the schema root an absolute $id (https://…), move the $ref out of the embedded resource, or copy the file's schema into that resource's $defs.",
      }),
    );
    return undefined;
  }

  /**
   * A file that declares another dialect than the schema it is bundled into loses its `$schema` there
   * (a bundled copy is no resource of its own), so its keywords are read by the bundle's dialect: a
   * draft-07 array-form `items` is a tuple there and no valid 2020-12 keyword, `dependencies` and
   * `additionalItems` mean nothing in 2020-12. Said once per file.
   */
  private warnOtherDialect(doc: SourceDoc, path: string, ref: string, from: SourceDoc, refPointer: string): void {
    const declared = getOwn(doc.value, "$schema");
    const dialect = declared === undefined ? undefined : dialectOf(declared);
    if (this.inlining || dialect === undefined || this.dialect === undefined || dialect === this.dialect || this.otherDialects.has(path)) return;
    this.otherDialects.add(path);
    this.diagnostics.push(
      diagnosticAtPointer(from, refPointer, {
        ruleId: "ref-dialect-mismatch",
        severity: "warning",
        message: `$ref ${quote(ref)} names ${quote(path)}, which declares JSON Schema ${dialect}, bundled into this ${this.dialect} schema: its keywords are read by ${this.dialect}'s rules, where some mean something else or nothing (array-form items, additionalItems, dependencies).`,
        hint: `Write ${path} in ${this.dialect} (or leave out its $schema), or declare ${dialect} in this tool's schema too.`,
      }),
    );
  }
}

/** Keywords that name a schema by URI as `$ref` does, but resolve it through the dynamic scope. */
const DYNAMIC_REFS = ["$dynamicRef", "$recursiveRef"] as const;

/** Why a `$dynamicRef` or `$recursiveRef` to another document is refused (refuseDynamicRef). */
function dynamicRefProblem(keyword: string, ref: string, target: Exclude<RefTarget, { kind: "local" }>): { ruleId: string; message: string; hint: string } {
  switch (target.kind) {
    case "network":
      return {
        ruleId: "ref-network-refused",
        message: `${keyword} ${quote(ref)} names a document on the network; mcp-gen resolves only files inside the project and never fetches anything.`,
        hint: "Copy the schema into the project and $ref it by relative path, or inline it under $defs.",
      };
    case "outside-root":
      return {
        ruleId: "ref-outside-root",
        message: `${keyword} ${quote(ref)} leaves the project: ${target.reason}.`,
        hint: "Keep shared schemas inside the project (for example under schemas/) and $ref them by relative path.",
      };
    case "malformed":
      return { ruleId: "ref-unresolved", message: `${keyword} ${quote(ref)} cannot be resolved: ${target.reason}.`, hint: target.hint ?? "Fix the reference." };
    case "file":
      return {
        ruleId: "ref-unresolved",
        message: `${keyword} ${quote(ref)} names ${quote(target.path)} by its path; mcp-gen bundles only what $ref names, and validators resolve ${keyword} only by a fragment within the tool's schema.`,
        hint: `Write "$ref" with the same value: in a schema that nothing extends, it means the same.`,
      };
  }
}

/**
 * A bundled schema is no longer a resource of its own, nor are the schemas inside it: an `$id` would
 * re-base the rewritten refs below it, `$schema` is only allowed at a resource root, and an `$anchor`,
 * a `$dynamicAnchor` (or draft-07 `$id: "#name"`) would share one resource with every other copy's:
 * two files that each name a schema `#item` made the bundle fail to compile ("resolves to more than
 * one schema"). A `$dynamicAnchor` would also join the dynamic scope of the tool's own schema, where
 * ajv lets the first one met answer every `$dynamicRef` of that name, the descriptor's included; so
 * would 2019-09's `$recursiveAnchor: true`, where the outermost one answers every `$recursiveRef`: a
 * file's `$recursiveRef: "#"` checked its tree's children against the tool's whole schema once the
 * descriptor's root set it too. Every `$ref` in the copy is rewritten to a JSON Pointer, and so is
 * every same-document `$dynamicRef` and `$recursiveRef` (refAsStatic), so none of them is needed.
 */
function dropIdentifiers(copy: JsonValue): void {
  walkSchema(copy, "", (node) => {
    if (typeof node.schema === "boolean") return;
    const schema = node.schema as Record<string, JsonValue>;
    delete schema.$id;
    delete schema.$schema;
    delete schema.$anchor;
    delete schema.$dynamicAnchor;
    delete schema.$recursiveAnchor;
  });
}

/**
 * A same-document `$dynamicRef` or `$recursiveRef` of a bundled copy, made the `$ref` it means in its
 * own file, so that the copy validates what the file validates alone (its `$dynamicAnchor`s and
 * `$recursiveAnchor`s are dropped, dropIdentifiers). Validated alone, a file is the outermost resource
 * of its dynamic scope, so a `$dynamicRef` there names what its fragment names in the file (JSON
 * Schema 2020-12 Core § 8.2.3.2): a `$dynamicAnchor` the file declares once, or any other fragment,
 * which it resolves as `$ref` does; and `$recursiveRef: "#"` names the file's root, whether or not
 * the root sets `$recursiveAnchor` (2019-09 Core § 8.2.4.2). Beside a `$ref` of its own, it goes into
 * `allOf`, where the walk reaches it next. Returns the keyword the `$ref` is written under in the
 * file, for reports.
 */
function refAsStatic(schema: Record<string, JsonValue>, file: string): "$ref" | (typeof DYNAMIC_REFS)[number] {
  let keyword: "$ref" | (typeof DYNAMIC_REFS)[number] = "$ref";
  for (const dynamic of DYNAMIC_REFS) {
    const ref = getOwn(schema, dynamic);
    if (typeof ref !== "string" || parseRef(ref, file).kind !== "local") continue;
    delete schema[dynamic];
    if (getOwn(schema, "$ref") === undefined) {
      defineOwn(schema, "$ref", ref);
      keyword = dynamic;
    } else {
      const allOf = getOwn(schema, "allOf");
      defineOwn(schema, "allOf", [...(Array.isArray(allOf) ? allOf : []), { $ref: ref }]);
    }
  }
  return keyword;
}

function sanitizeName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_.-]/g, "_");
  return clean === "" ? "_" : clean;
}
