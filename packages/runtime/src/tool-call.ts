// The SDK-independent body of tools/call, shared by the server runtimes of every target. In: one
// tool's entry, its handler, the arguments and a way to make the handler's context. Out: a complete
// result, an input_required result, or a JSON-RPC error to send; never a stack trace. The target
// runtimes turn the outcome into their SDK's result or error.
import type { InputRequired, ToolContextController } from "./tool-context.js";
import type { ToolEntry } from "./tool-table.js";
import { checkArgumentLimits, describeValidationError } from "./validation-messages.js";

/** Brands a complete result a handler built itself (each target's `toolResult()`). */
export const FULL_RESULT: unique symbol = Symbol.for("mcp-gen.fullResult");

/** Base of every target's ToolError: a failure the model should read, sent as `isError: true`. */
export class ToolErrorBase extends Error {
  // A field, not a parameter property: generated code stays erasable (Node's type stripping).
  readonly content: readonly object[] | undefined;

  constructor(message: string, content?: readonly object[]) {
    super(message);
    this.content = content;
  }
}

/** A CallToolResult in its wire shape, before the SDK sees it. */
export interface WireToolResult {
  content: object[];
  structuredContent?: unknown;
  isError?: boolean;
  [field: string]: unknown;
}

export type CallOutcome =
  | { readonly kind: "complete"; readonly result: WireToolResult }
  | { readonly kind: "input-required"; readonly result: InputRequired }
  | { readonly kind: "error"; readonly code: number; readonly message: string };

export interface ServerLimits {
  readonly maxArgumentDepth: number;
  readonly maxStringLength: number;
  /** 0 means no limit. */
  readonly callTimeoutMs: number;
}

export interface ErrorReport {
  readonly tool: string;
  readonly errorId: string;
  readonly error: unknown;
  readonly kind: "handler-exception" | "invalid-output";
}

export interface CallSettings {
  readonly limits: ServerLimits;
  readonly onError: (report: ErrorReport) => void;
  /** Errors the target SDK sends as JSON-RPC errors itself (ProtocolError, McpError): rethrown as they are. */
  readonly isProtocolError: (error: unknown) => boolean;
}

export type AnyHandler = (args: never, ctx: never) => unknown;

/**
 * The handler `handlers` holds for the tool `name`: a function it has as its own member, or one its
 * class provides, but never one every object inherits. A tool may be named "toString" or
 * "__proto__", and a handlers object without it must count as missing, not run Object.prototype's.
 * Example: `handlerFor({}, "toString")` is undefined.
 */
export function handlerFor(handlers: Readonly<Record<string, AnyHandler>>, name: string): AnyHandler | undefined {
  const handler: unknown = Object.hasOwn(handlers, name) ? handlers[name] : name in Object.prototype ? undefined : handlers[name];
  return typeof handler === "function" ? (handler as AnyHandler) : undefined;
}

const INTERNAL_ERROR = -32603;

export function textResult(text: string, isError = false): WireToolResult {
  return isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

function errorId(): string {
  return crypto.randomUUID().slice(0, 8);
}

/** One line on stderr (stdout belongs to stdio): the default `onError`. */
export function logToStderr(report: ErrorReport): void {
  console.error(`[mcp-gen] ${report.kind} in tool ${report.tool} (error id ${report.errorId}): ${describeThrown(report.error)}`);
}

/** A thrown value as text for the log; one whose text cannot be had (a toString that throws) says so. */
function describeThrown(error: unknown): string {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return "(a thrown value that cannot be turned into text)";
  }
}

/**
 * Hands `report` to onError. An onError that throws is not let through: its error would reach the SDK,
 * which sends the message to the client, and that is what the error id is there to avoid.
 */
function reportError(settings: CallSettings, report: ErrorReport): void {
  try {
    settings.onError(report);
  } catch {
    // Nothing more can be reported.
  }
}

/**
 * Why the arguments are refused, as the tool execution error to send, or undefined. MCP 2026-07-28
 * server/tools.mdx § Error Handling: invalid input is an error the model can correct (`isError`),
 * not a protocol error.
 */
export function refuseArguments(entry: ToolEntry, args: unknown, limits: ServerLimits): WireToolResult | undefined {
  const tooBig = checkArgumentLimits(args, limits);
  if (tooBig !== undefined) return textResult(`Invalid arguments for tool ${entry.name}: ${tooBig}`, true);
  if (!entry.validateInput(args))
    return textResult(`Invalid arguments for tool ${entry.name}: ${describeValidationError(entry.validateInput, { root: "the arguments", value: args, schema: entry.descriptor.inputSchema })}`, true);
  return undefined;
}

/**
 * Runs the handler of validated arguments with a context whose signal also fires on timeout, and
 * turns what it returns or throws into an outcome. Output that breaks outputSchema is a server bug
 * (server/tools.mdx § Output Schema: servers MUST send conforming results): reported, never sent.
 */
export async function runHandler(
  entry: ToolEntry,
  handler: AnyHandler,
  args: unknown,
  makeContext: (signal: AbortSignal) => ToolContextController<unknown>,
  requestSignals: readonly AbortSignal[],
  settings: CallSettings,
): Promise<CallOutcome> {
  const abort = linkedAbort(requestSignals, settings.limits.callTimeoutMs, entry.name);
  const controller = makeContext(abort.signal);
  let out: unknown;
  try {
    out = await Promise.race([Promise.resolve().then(() => handler(args as never, controller.context as never)), abort.timedOut]);
  } catch (error) {
    if (error instanceof ToolErrorBase) return { kind: "complete", result: error.content ? { content: [...error.content], isError: true } : textResult(error.message, true) };
    if (settings.isProtocolError(error)) throw error;
    return failed(entry, settings, error);
  } finally {
    controller.finish();
    abort.dispose();
  }
  if (isInputRequired(out)) return { kind: "input-required", result: out };
  let result: WireToolResult;
  try {
    result = toWireResult(out, entry);
  } catch (error) {
    return failed(entry, settings, error);
  }
  if (entry.validateOutput !== undefined && result.isError !== true) {
    if (result.structuredContent === undefined || !entry.validateOutput(result.structuredContent)) {
      const id = errorId();
      const why =
        result.structuredContent === undefined
          ? "it has no structuredContent"
          : describeValidationError(entry.validateOutput, { root: "the result", value: result.structuredContent, schema: entry.descriptor.outputSchema });
      reportError(settings, { tool: entry.name, errorId: id, error: new Error(`result does not match outputSchema: ${why}`), kind: "invalid-output" });
      return { kind: "error", code: INTERNAL_ERROR, message: `Tool ${entry.name} produced a result that does not match its outputSchema (error id ${id}).` };
    }
  }
  return { kind: "complete", result };
}

/** An unexpected failure of the handler, or of its result: a generic tool error with an id, reported through onError. */
function failed(entry: ToolEntry, settings: CallSettings, error: unknown): CallOutcome {
  const id = errorId();
  reportError(settings, { tool: entry.name, errorId: id, error, kind: "handler-exception" });
  return { kind: "complete", result: textResult(`Tool ${entry.name} failed unexpectedly (error id ${id}).`, true) };
}

/** `resultType: "input_required"` is the discriminator (MCP 2026-07-28 InputRequiredResult). */
export function isInputRequired(value: unknown): value is InputRequired {
  return value !== null && typeof value === "object" && (value as { resultType?: unknown }).resultType === "input_required";
}

/**
 * Plain data becomes structuredContent plus its JSON as text (server/tools.mdx § Structured Content).
 * The result is made into what will be sent, plain JSON, before it is validated: a getter, toJSON or
 * Proxy runs once, here, so the text and structuredContent agree with what was checked; what JSON
 * cannot carry (a BigInt, a cycle) throws here, not in the SDK's send, which would give the client
 * the exception's message; a number past JSON's range is null here, as it would be sent.
 */
function toWireResult(out: unknown, entry: ToolEntry): WireToolResult {
  if (out !== null && typeof out === "object" && (out as { [FULL_RESULT]?: unknown })[FULL_RESULT] === true) {
    const { [FULL_RESULT]: _brand, ...rest } = out as WireToolResult & { [FULL_RESULT]: true };
    return plainJson(rest) as WireToolResult;
  }
  const text = JSON.stringify(out ?? null);
  const value: unknown = text === undefined ? null : JSON.parse(text);
  if (entry.validateOutput !== undefined) return { content: [{ type: "text", text: text ?? "null" }], structuredContent: value };
  if (typeof value === "string") return textResult(value);
  if (Array.isArray(value)) return { content: [...(value as object[])] };
  return textResult(text ?? "null");
}

/** `value` as the JSON that carries it. */
function plainJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}

/**
 * A signal that aborts when any of the request's signals does, or when the call outlives `timeoutMs`
 * (then `timedOut` rejects with a failure the model can read). `dispose` stops the timer and unhooks
 * the request signals, so nothing outlives the call.
 */
function linkedAbort(requestSignals: readonly AbortSignal[], timeoutMs: number, tool: string): { signal: AbortSignal; timedOut: Promise<never>; dispose(): void } {
  const controller = new AbortController();
  const unhook: (() => void)[] = [];
  for (const requestSignal of requestSignals) {
    const follow = () => controller.abort(requestSignal.reason);
    if (requestSignal.aborted) follow();
    else {
      requestSignal.addEventListener("abort", follow, { once: true });
      unhook.push(() => requestSignal.removeEventListener("abort", follow));
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    if (timeoutMs <= 0) return;
    timer = setTimeout(() => {
      const error = new ToolErrorBase(`Tool ${tool} did not finish within ${timeoutMs} ms.`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  return {
    signal: controller.signal,
    timedOut,
    dispose() {
      clearTimeout(timer);
      for (const remove of unhook) remove();
    },
  };
}
