// Quick fixes: the rules' hints, applied where the fix is mechanical. A hint that names the exact
// replacement ("Rename it to "get_weather".") becomes an edit of that value, or of that key where the
// finding is about a key (a refused or misspelt key of x-mcp-gen); a few rules get an edit
// built from the document itself (nullable → type with "null"; a contradicting annotation set
// right or removed; an unquoted YAML scalar that YAML 1.1 reads otherwise written as mcp-gen reads
// it). Each fix edits only the node the diagnostic is about, found where the editor
// shows it; when the document no longer has a node there (it changed since), there is no fix.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from "vscode-languageserver";
import { agreedNumber } from "../load/yaml-1-1-scalar.js";
import { getOwn, isJsonObject, valueAt } from "../model/json.js";
import { joinPointer, parentPointer, splitPointer } from "../model/pointer.js";
import type { SourceDoc } from "../model/source.js";
import type { DiagnosticData } from "./to-lsp-diagnostic.js";
import { nodeStartingAt, offsetOf, type NodeAt } from "./node-at.js";
import { fromEditorPosition, toEditorRange } from "./client-bom.js";
import { editTarget, removeMember, renameKey, replaceText, replaceValue, type EditTarget } from "./text-edits.js";

interface Fix {
  readonly title: string;
  readonly edits: readonly (TextEdit | undefined)[];
}

/** What a fixer is given: the document, the pointer of the node the diagnostic is about there, and the hint. */
interface FixSite {
  readonly doc: SourceDoc;
  /** The same document, to edit. */
  readonly target: EditTarget;
  readonly pointer: string;
  /** Whether the diagnostic starts at the member's key, and the node's spans. */
  readonly node: NodeAt;
  readonly hint: string | undefined;
}

type Fixer = (site: FixSite) => readonly Fix[];

/** "Rename it to "x"." and "Rename it, for example to "x".": the replacement, quoted as JSON. */
const RENAME_HINT = /^Rename it(?:, for example)? to ("(?:[^"\\]|\\.)*")\.$/;

/** Replaces a string value with the name the hint proposes. */
const renameFromHint: Fixer = ({ doc, target, pointer, hint }) => {
  const match = hint === undefined ? null : RENAME_HINT.exec(hint);
  const value = valueAt(doc.value, splitPointer(pointer));
  // A name written as a string, or as a number or boolean that should have been one.
  if (!match || (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")) return [];
  const name = JSON.parse(match[1]!) as string;
  return [{ title: `Rename to ${JSON.stringify(name)}`, edits: [replaceValue(target, pointer, name)] }];
};

/** "Did you mean "x"?": the known key a misspelt one most likely meant, quoted as JSON. */
const DID_YOU_MEAN_HINT = /^Did you mean ("(?:[^"\\]|\\.)*")\?$/;

/**
 * Renames a member whose key the finding is about to the name its hint proposes: a form key that
 * is refused ("Rename it, for example to ..."), or a key mcp-gen does not know ("Did you mean ...?").
 */
const renameKeyFromHint: Fixer = ({ target, pointer, node, hint }) => {
  const match = hint === undefined || !node.onKey ? null : (RENAME_HINT.exec(hint) ?? DID_YOU_MEAN_HINT.exec(hint));
  if (!match) return [];
  const name = JSON.parse(match[1]!) as string;
  return [{ title: `Rename key to ${JSON.stringify(name)}`, edits: [renameKey(target, pointer, name)] }];
};

/** `nullable` as JSON Schema says it: "null" added to `type`, or the keyword removed where `type` says it already. */
const replaceNullable: Fixer = ({ doc, target, pointer }) => {
  const schemaPointer = parentPointer(pointer);
  if (schemaPointer === undefined || splitPointer(pointer).at(-1) !== "nullable") return [];
  const schema = valueAt(doc.value, splitPointer(schemaPointer));
  if (!isJsonObject(schema)) return [];
  const nullable = getOwn(schema, "nullable");
  const type = getOwn(schema, "type");
  const types = typeof type === "string" ? [type] : Array.isArray(type) && type.every((t) => typeof t === "string") ? (type as string[]) : undefined;
  if (types === undefined) return [];
  const remove = removeMember(target, pointer);
  // A header parameter keeps one type (header-param-type): its null is an argument left out, which
  // leaves the header out too, so "nullable" goes without "null" taking its place.
  if (getOwn(schema, "x-mcp-header") !== undefined) return [{ title: 'Remove "nullable" (a header parameter keeps one type: leave the argument out instead)', edits: [remove] }];
  if (nullable === true && !types.includes("null")) {
    const typed = [...types, "null"];
    return [{ title: `Replace "nullable" with type: [${typed.map((t) => JSON.stringify(t)).join(", ")}]`, edits: [replaceValue(target, joinPointer(schemaPointer, "type"), typed), remove] }];
  }
  return [{ title: 'Remove "nullable"', edits: [remove] }];
};

/** readOnlyHint: true beside a hint that says the tool changes things: either one is wrong. */
const resolveContradiction: Fixer = ({ target, pointer }) => {
  const annotations = parentPointer(pointer);
  const key = splitPointer(pointer).at(-1);
  if (annotations === undefined || key === undefined) return [];
  return [
    { title: "Set readOnlyHint to false", edits: [replaceValue(target, joinPointer(annotations, "readOnlyHint"), false)] },
    { title: `Remove ${key}`, edits: [removeMember(target, pointer)] },
  ];
};

/**
 * yaml-1-1-scalar: the plain scalar written so that YAML 1.1 readers read what mcp-gen reads, and
 * nothing else on its line touched (a comment after it stays). A string (`on`, 1:20, 2024-01-01, or
 * any key) is quoted; a number mcp-gen reads (0777 is 777) is written as that number, since quoting
 * it would change what mcp-gen reads.
 */
const agreeWithYaml11: Fixer = ({ doc, pointer, node }) => {
  const range = node.onKey ? node.span.key : node.span.value;
  const name = splitPointer(pointer).at(-1);
  const read = node.onKey ? name : valueAt(doc.value, splitPointer(pointer));
  // Only a plain scalar raises the finding; a quote, tag, anchor or alias here means the text moved.
  if (range === undefined || read === undefined || /^[\s"'!&*]/.test(doc.text.slice(range.start, range.end))) return [];
  // An anchored value (`&v on`): an alias elsewhere reads it too, so the edit would change that place as well.
  if (/&[^\s,[\]{}]+[ \t]+$/.test(doc.text.slice(doc.text.lastIndexOf("\n", range.start - 1) + 1, range.start))) return [];
  if (typeof read === "string") return [{ title: `Quote it: ${JSON.stringify(read)}`, edits: [replaceText(doc, range, JSON.stringify(read))] }];
  if (typeof read === "number") return [{ title: `Write ${agreedNumber(read)}`, edits: [replaceText(doc, range, agreedNumber(read))] }];
  return [];
};

/** The rules with a mechanical fix, by id. */
const FIXERS: ReadonlyMap<string, Fixer> = new Map([
  ["annotations-contradiction", resolveContradiction],
  ["authoring-block-shape", renameKeyFromHint],
  ["header-name-syntax", renameFromHint],
  ["header-name-unique", renameFromHint],
  ["schema-nullable-keyword", replaceNullable],
  ["tool-name-syntax", renameFromHint],
  ["yaml-1-1-scalar", agreeWithYaml11],
]);

/**
 * The quick fixes for the diagnostics the editor passes (its copies of what the server published)
 * in the document `uri`, whose text is `doc`; `bom`: the editor's text opens with a BOM (client-bom.ts).
 * @example quickFixes(doc, uri, params.context.diagnostics, false)
 */
export function quickFixes(doc: SourceDoc, uri: string, diagnostics: readonly LspDiagnostic[], bom: boolean): CodeAction[] {
  const actions: CodeAction[] = [];
  const target = editTarget(doc);
  for (const diagnostic of diagnostics) {
    const fixer = diagnostic.source === "mcp-gen" && typeof diagnostic.code === "string" ? FIXERS.get(diagnostic.code) : undefined;
    if (!fixer) continue;
    const node = nodeStartingAt(doc, offsetOf(doc.text, fromEditorPosition(diagnostic.range.start, bom)));
    if (!node) continue;
    const hint = (diagnostic.data as DiagnosticData | undefined)?.hint;
    fixer({ doc, target, pointer: node.pointer, node, hint }).forEach((fix, i) => {
      const edits = fix.edits.filter((edit): edit is TextEdit => edit !== undefined).map((edit) => ({ ...edit, range: toEditorRange(edit.range, bom) }));
      if (edits.length === 0 || edits.length !== fix.edits.length) return;
      actions.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: i === 0, edit: { changes: { [uri]: edits } } });
    });
  }
  return actions;
}
