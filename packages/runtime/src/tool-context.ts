// The context every generated handler receives, whatever SDK the project targets: the call's abort
// signal, progress notifications, typed input requests (MCP 2026-07-28 input_required with form-mode
// elicitation) whose answers arrive validated, state carried across rounds, and the SDK's own context
// as an escape hatch. Dependency-free: each target's server runtime supplies the SDK-specific parts.
import { describeValidationError, type CompiledValidator } from "./validation-messages.js";

/** The restricted JSON Schema of an elicitation form (MCP 2026-07-28 ElicitRequestFormParams.requestedSchema). */
export interface RequestedSchema {
  readonly type: "object";
  readonly properties: { readonly [name: string]: { readonly [keyword: string]: unknown } };
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** One form of `x-mcp-gen.inputRequests`, with the validator compiled from its requestedSchema. */
export interface InputRequestForm {
  readonly message: string;
  readonly requestedSchema: RequestedSchema;
  readonly validate: CompiledValidator;
}

export type InputRequestForms = { readonly [key: string]: InputRequestForm };

/** What the client answered to one input request, checked against the form's requestedSchema. */
export type InputAnswer<Content> =
  | { readonly kind: "missing" }
  | { readonly kind: "accepted"; readonly content: Content }
  | { readonly kind: "declined" }
  | { readonly kind: "cancelled" }
  | { readonly kind: "invalid"; readonly message: string };

/** An embedded `elicitation/create` request (MCP 2026-07-28 InputRequests, form mode). */
export interface ElicitationRequest {
  readonly method: "elicitation/create";
  readonly params: { readonly mode: "form"; readonly message: string; readonly requestedSchema: RequestedSchema };
}

/** The `input_required` result a handler returns from `ctx.ask(...)` (MCP 2026-07-28 InputRequiredResult). */
export interface InputRequired {
  readonly resultType: "input_required";
  readonly inputRequests?: { readonly [key: string]: ElicitationRequest };
  readonly requestState?: string;
}

/** Tools without `x-mcp-gen.inputRequests` can ask for nothing. */
export type NoInputs = Record<never, never>;

/** Which forms to ask for, each with an optional message that replaces the descriptor's. */
export type AskRequests<Inputs> = { readonly [Key in keyof Inputs]?: { readonly message?: string } };

export interface AskOptions {
  /**
   * JSON data the next round reads back with `ctx.state()`. It travels to the client inside
   * `requestState`, sealed (HMAC-SHA256) but not encrypted: keep secrets out of it.
   */
  readonly state?: unknown;
}

export interface ToolContext<Inputs = NoInputs, Sdk = unknown> {
  /** Aborted when the client cancels the call or the call outlives `limits.callTimeoutMs`. */
  readonly signal: AbortSignal;
  /**
   * Sends notifications/progress when the request carried a progressToken; otherwise does nothing.
   * Values that do not increase, and calls after the handler finished, are dropped (progress must increase, and stops with the call).
   */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** The answer to one of this tool's input requests, validated against its requestedSchema. */
  answer<Key extends keyof Inputs & string>(key: Key): InputAnswer<Inputs[Key]>;
  /** The `input_required` result asking for these forms (and carrying `state`): return it from the handler. */
  ask(requests: AskRequests<Inputs>, options?: AskOptions): Promise<InputRequired>;
  /** The state the previous round passed to `ctx.ask`, verified; undefined in the first round. */
  state<T = unknown>(): T | undefined;
  /** The target SDK's own handler context, for what this interface does not cover (not portable). */
  readonly sdk: Sdk;
}

/**
 * The key that seals `ctx.ask(requests, { state })` (SDK v2: HMAC-SHA256 with the SDK's codec, see
 * request-state.ts). Every replica that may receive a follow-up round needs the same key.
 */
export interface RequestStateOptions {
  /** At least 32 bytes; a string is UTF-8 encoded. */
  readonly key: string | Uint8Array;
  /** How long a sealed state stays valid, in seconds (default 600). */
  readonly ttlSeconds?: number;
}

/** 32 random bytes: a requestState key for one process (stdio, a single HTTP process, tests). */
export function randomRequestStateKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** What a target runtime knows about one round of one call. */
export interface ContextSource<Sdk> {
  readonly tool: string;
  readonly forms: InputRequestForms;
  readonly signal: AbortSignal;
  readonly sdk: Sdk;
  /** The round's `inputResponses`, keyed like the `inputRequests` of the previous round. */
  readonly inputResponses: { readonly [key: string]: unknown } | undefined;
  /** The verified state of the previous round, or undefined. */
  readonly state: unknown;
  /** Sends one progress notification; undefined when the request carried no progressToken. */
  readonly sendProgress: ((update: ProgressUpdate) => Promise<void>) | undefined;
  /** Seals state into the opaque `requestState` string the client echoes back. */
  readonly sealState: (state: unknown) => Promise<string>;
}

export interface ToolContextController<Sdk> {
  readonly context: ToolContext<never, Sdk>;
  /** Called when the call is over: later progress is dropped. */
  finish(): void;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** @example createToolContext({ tool: "issues.delete", forms, signal, sdk, inputResponses, state, sendProgress, sealState }).context.answer("confirm") */
export function createToolContext<Sdk>(source: ContextSource<Sdk>): ToolContextController<Sdk> {
  let finished = false;
  let lastProgress = -Infinity;
  const formFor = (key: string): InputRequestForm => {
    const form = Object.hasOwn(source.forms, key) ? source.forms[key] : undefined;
    if (form === undefined) throw new TypeError(`Tool ${source.tool} has no input request "${key}": declare it under x-mcp-gen.inputRequests.`);
    return form;
  };
  const context: ToolContext<Record<string, unknown>, Sdk> = {
    signal: source.signal,
    sdk: source.sdk,
    async progress(progress, total, message) {
      if (finished || source.sendProgress === undefined || !(progress > lastProgress)) return;
      lastProgress = progress;
      const update: ProgressUpdate = { progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) };
      // Progress is advisory: a notification that cannot be sent must not fail the call.
      await source.sendProgress(update).catch(() => undefined);
    },
    answer(key) {
      return readAnswer(key, formFor(key), source.inputResponses) as never;
    },
    async ask(requests, options) {
      const keys = Object.keys(requests).filter((key) => requests[key] !== undefined);
      const hasState = options?.state !== undefined;
      if (keys.length === 0 && !hasState) throw new TypeError(`ctx.ask in tool ${source.tool} needs at least one input request or a state (MCP 2026-07-28 InputRequiredResult).`);
      // fromEntries defines each key as an own member: `inputRequests[key] = ...` would set the
      // prototype for a form keyed "__proto__", and the request would vanish from the result.
      const inputRequests: Record<string, ElicitationRequest> = Object.fromEntries(
        keys.map((key) => {
          const form = formFor(key);
          const message = requests[key]?.message ?? form.message;
          return [key, { method: "elicitation/create", params: { mode: "form", message, requestedSchema: form.requestedSchema } }];
        }),
      );
      const requestState = hasState ? await source.sealState(options.state) : undefined;
      return {
        resultType: "input_required",
        ...(keys.length > 0 ? { inputRequests } : {}),
        ...(requestState === undefined ? {} : { requestState }),
      };
    },
    state<T>() {
      return source.state as T | undefined;
    },
  };
  return { context: context as unknown as ToolContext<never, Sdk>, finish: () => void (finished = true) };
}

/**
 * One entry of `inputResponses` as the handler sees it (MCP 2026-07-28 InputResponses: the bare
 * ElicitResult). Anything that is not an elicitation result reads as missing, so the handler asks
 * again; accepted content is checked with the form's precompiled validator.
 */
function readAnswer(key: string, form: InputRequestForm, responses: ContextSource<unknown>["inputResponses"]): InputAnswer<unknown> {
  const entry = responses !== undefined && Object.hasOwn(responses, key) ? responses[key] : undefined;
  if (!isPlainObject(entry)) return { kind: "missing" };
  switch (entry["action"]) {
    case "decline":
      return { kind: "declined" };
    case "cancel":
      return { kind: "cancelled" };
    case "accept": {
      const content = entry["content"] ?? {};
      if (!isPlainObject(content)) return { kind: "invalid", message: `The answer to "${key}" is not an object of form fields.` };
      if (!form.validate(content))
        return {
          kind: "invalid",
          message: `The answer to "${key}" does not match its form: ${describeValidationError(form.validate, { root: "the answer", value: content, schema: form.requestedSchema })}.`,
        };
      return { kind: "accepted", content };
    }
    default:
      return { kind: "missing" };
  }
}
