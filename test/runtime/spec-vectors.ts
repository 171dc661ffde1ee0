// Loads the MCP 2026-07-28 test vectors (test/data/spec/vectors/*.json) for the runtime tests,
// deep-frozen so that any code under test that mutates its input fails.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const VECTORS_DIR = fileURLToPath(new URL("../data/spec/vectors/", import.meta.url));

export function loadVectors<T>(file: string): T {
  return deepFreeze(JSON.parse(readFileSync(join(VECTORS_DIR, file), "utf8")) as T);
}

export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === "object" && item !== null && !Object.isFrozen(item)) {
      Object.freeze(item);
      for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key]);
    }
  }
  return value;
}

export interface EncodingCase {
  id: string;
  target: "Mcp-Param" | "Mcp-Name";
  schemaType: "string" | "integer" | "boolean";
  value: string | number | boolean;
  headerName: string;
  expectedHeaderValue: string | null;
  base64: boolean;
  reason: string;
  interpretation: boolean;
}

export interface ToolVector {
  name: string;
  inputSchema: unknown;
}

export interface ValidAnnotationCase {
  id: string;
  title: string;
  tool?: ToolVector;
  tools?: ToolVector[];
  expectedHeaders: { tool?: string; path: string[]; header: string; type: string }[];
}

export interface InvalidAnnotationCase {
  id: string;
  title: string;
  tool: ToolVector;
  reason: string;
  via?: string;
}

export interface ValidationCase {
  id: string;
  title: string;
  tool?: string;
  request: { headers: Record<string, string>; body: unknown };
  expected: {
    outcome: "accept" | "reject";
    httpStatus?: number;
    jsonrpcErrorCode?: number;
    errorName?: string;
    errorData?: unknown;
  };
  interpretation: boolean;
}

export interface VectorFile<C> {
  cases: C[];
}
