// File bytes → text. Enforces the size bound, requires UTF-8 (a UTF-8 BOM is dropped), and refuses
// UTF-16/32, so every later stage works on well-formed text.
import type { Diagnostic } from "../model/diagnostic.js";
import type { StageResult } from "../model/diagnostic.js";
import type { SourceFile } from "../model/source.js";
import { diagnosticAt, diagnosticAtLineStart } from "./diagnostic-at.js";
import { computeLineStarts } from "./line-index.js";
import type { LoadLimits } from "./limits.js";

export function decodeSource(path: string, bytes: Uint8Array, limits: LoadLimits): StageResult<SourceFile | undefined> {
  if (bytes.length > limits.maxFileBytes) return fail(fileTooLarge(path, bytes.length, limits.maxFileBytes));
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return fail(encodingDiagnostic(path, 1, `${path} is encoded as UTF-16; mcp-gen reads UTF-8 only.`));
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return fail(invalidByteDiagnostic(path, bytes, offset, `${path} is not valid UTF-8: byte ${offset} starts an invalid sequence.`));
  }
  return { value: { path, text }, diagnostics: [] };
}

export function fileTooLarge(path: string, size: number, max: number): Diagnostic {
  return {
    ruleId: "load-file-too-large",
    severity: "error",
    message: `${path} is ${size} bytes, more than the ${max}-byte limit.`,
    hint: "Split it into smaller files shared with $ref, or raise load.maxFileBytes in mcp-gen.config.yaml.",
    file: path,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    pointer: "",
  };
}

const ENCODING_HINT = "Save the file as UTF-8.";

function encodingDiagnostic(path: string, line: number, message: string): Diagnostic {
  return diagnosticAtLineStart(path, line, { ruleId: "load-encoding", severity: "error", message, hint: ENCODING_HINT });
}

/**
 * A load-encoding error at the byte `offset`, placed as every other diagnostic is: the line (ended by
 * "\n", "\r\n" or a lone "\r") and the column in UTF-16 code units, counted in the text before it,
 * which is well-formed UTF-8 (a BOM is left out, as the decoded text leaves it out).
 */
function invalidByteDiagnostic(path: string, bytes: Uint8Array, offset: number, message: string): Diagnostic {
  const before = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes.subarray(0, offset));
  return diagnosticAt(path, computeLineStarts(before), { start: before.length, end: before.length }, { ruleId: "load-encoding", severity: "error", message, hint: ENCODING_HINT });
}

function fail(diagnostic: Diagnostic): StageResult<undefined> {
  return { value: undefined, diagnostics: [diagnostic] };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    const valid = new TextDecoder("utf-8", { fatal: true });
    try {
      valid.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return i;
}
