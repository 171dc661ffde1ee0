// runtime/tool-context.ts alone: what ctx.answer reads from inputResponses (every view, validated by
// the form's compiled validator), what ctx.ask builds (MCP 2026-07-28 InputRequiredResult with
// form-mode elicitation requests), and when ctx.progress sends.
import { describe, expect, it } from "vitest";
import { createToolContext, type ContextSource, type InputRequestForms, type ProgressUpdate, type ToolContext } from "../../packages/runtime/src/tool-context.js";
import type { CompiledValidator } from "../../packages/runtime/src/validation-messages.js";

/** A validator for `{ confirm: boolean }` in the shape ajv standalone code has. */
const validateConfirm: CompiledValidator = Object.assign(
  (data: unknown): boolean => {
    const record = data as Record<string, unknown>;
    if (!("confirm" in record)) {
      validateConfirm.errors = [{ instancePath: "", keyword: "required", params: { missingProperty: "confirm" } }];
      return false;
    }
    if (typeof record["confirm"] !== "boolean") {
      validateConfirm.errors = [{ instancePath: "/confirm", keyword: "type", params: { type: "boolean" }, message: "must be boolean" }];
      return false;
    }
    validateConfirm.errors = null;
    return true;
  },
  { errors: null },
);

const FORMS: InputRequestForms = {
  confirm: { message: "Delete it?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] }, validate: validateConfirm },
};

interface Inputs {
  confirm: { confirm: boolean };
}

function context(overrides: Partial<ContextSource<string>> = {}) {
  const sent: ProgressUpdate[] = [];
  const controller = createToolContext<string>({
    tool: "issues.delete",
    forms: FORMS,
    signal: new AbortController().signal,
    sdk: "the SDK context",
    inputResponses: undefined,
    state: undefined,
    sendProgress: async (update) => void sent.push(update),
    sealState: async (state) => `sealed:${JSON.stringify(state)}`,
    ...overrides,
  });
  return { ctx: controller.context as unknown as ToolContext<Inputs, string>, finish: controller.finish, sent };
}

describe("ctx.answer", () => {
  it("is missing without responses, without the key, or for an entry that is not an elicitation result (T-MRTR-11)", () => {
    expect(context().ctx.answer("confirm")).toEqual({ kind: "missing" });
    expect(context({ inputResponses: { other: { action: "accept", content: { confirm: true } } } }).ctx.answer("confirm")).toEqual({ kind: "missing" });
    for (const entry of [null, "accept", [], { role: "assistant", content: { type: "text", text: "hi" } }, { roots: [] }, { action: "maybe" }]) {
      expect(context({ inputResponses: { confirm: entry } }).ctx.answer("confirm")).toEqual({ kind: "missing" });
    }
  });

  it("reads accept, decline and cancel, and validates accepted content against the form", () => {
    const answer = (entry: unknown) => context({ inputResponses: { confirm: entry } }).ctx.answer("confirm");
    expect(answer({ action: "accept", content: { confirm: true } })).toEqual({ kind: "accepted", content: { confirm: true } });
    expect(answer({ action: "decline" })).toEqual({ kind: "declined" });
    expect(answer({ action: "cancel", content: { confirm: true } })).toEqual({ kind: "cancelled" });
    expect(answer({ action: "accept", content: { confirm: "yes" } })).toEqual({ kind: "invalid", message: 'The answer to "confirm" does not match its form: confirm: must be boolean.' });
    expect(answer({ action: "accept" })).toEqual({ kind: "invalid", message: 'The answer to "confirm" does not match its form: confirm: is required.' });
    expect(answer({ action: "accept", content: ["confirm"] })).toEqual({ kind: "invalid", message: 'The answer to "confirm" is not an object of form fields.' });
  });

  it("refuses a key the tool does not declare (a bug in the handler, not client input)", () => {
    const { ctx } = context();
    expect(() => (ctx as unknown as ToolContext<Record<string, object>>).answer("pin")).toThrow('Tool issues.delete has no input request "pin": declare it under x-mcp-gen.inputRequests.');
    expect(() => (ctx as unknown as ToolContext<Record<string, object>>).answer("__proto__")).toThrow(TypeError);
  });

  it("never takes a member every object inherits for a form or an answer", async () => {
    const { ctx } = context();
    const loose = ctx as unknown as ToolContext<Record<string, object>>;
    for (const key of ["constructor", "hasOwnProperty", "toString", "valueOf", "isPrototypeOf", "__defineGetter__"]) {
      expect(() => loose.answer(key)).toThrow(`has no input request "${key}"`);
      await expect(loose.ask({ [key]: {} })).rejects.toThrow(`has no input request "${key}"`);
    }
    // A table written by hand may hold such keys: the answer is read from the response's own members only.
    const forms: InputRequestForms = { constructor: FORMS.confirm!, toString: FORMS.confirm! };
    const own = context({ forms, inputResponses: {} }).ctx as unknown as ToolContext<Record<string, { confirm: boolean }>>;
    expect(own.answer("constructor")).toEqual({ kind: "missing" });
    expect(own.answer("toString")).toEqual({ kind: "missing" });
  });
});

describe("ctx.ask", () => {
  it("builds an input_required result with form-mode elicitation requests (T-MRTR-3, T-MRTR-4)", async () => {
    const { ctx } = context();
    expect(await ctx.ask({ confirm: {} })).toEqual({
      resultType: "input_required",
      inputRequests: { confirm: { method: "elicitation/create", params: { mode: "form", message: "Delete it?", requestedSchema: FORMS.confirm!.requestedSchema } } },
    });
    expect((await ctx.ask({ confirm: { message: "Delete WEB-1?" } })).inputRequests?.["confirm"]?.params.message).toBe("Delete WEB-1?");
  });

  it("puts every asked form in the result as an own member, one keyed __proto__ too", async () => {
    // fromEntries defines "__proto__" as an own key, as a table written by hand could.
    const { ctx } = context({ forms: Object.fromEntries([["__proto__", FORMS.confirm!]]) });
    const asked = await (ctx as unknown as ToolContext<Record<string, object>>).ask(Object.fromEntries([["__proto__", {}]]));
    expect(Object.keys(asked.inputRequests ?? {})).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(asked.inputRequests)).toBe(Object.prototype);
    expect(JSON.stringify(asked)).toContain('"inputRequests":{"__proto__":{"method":"elicitation/create"');
  });

  it("seals state into requestState, with or without input requests", async () => {
    const { ctx } = context();
    expect(await ctx.ask({ confirm: {} }, { state: { step: 2 } })).toMatchObject({ resultType: "input_required", requestState: 'sealed:{"step":2}', inputRequests: { confirm: {} } });
    expect(await ctx.ask({}, { state: [1] })).toEqual({ resultType: "input_required", requestState: "sealed:[1]" });
  });

  it("needs at least one request or a state, and only declared keys", async () => {
    const { ctx } = context();
    await expect(ctx.ask({})).rejects.toThrow("ctx.ask in tool issues.delete needs at least one input request or a state");
    // A JavaScript caller can pass an undefined request, which the types (exactOptionalPropertyTypes) refuse.
    await expect((ctx as unknown as ToolContext<Record<string, object | undefined>>).ask({ confirm: undefined })).rejects.toThrow(TypeError);
    await expect((ctx as unknown as ToolContext<Record<string, object>>).ask({ pin: {} })).rejects.toThrow('has no input request "pin"');
  });

  it("hands back the state of the previous round and the SDK context", () => {
    const { ctx } = context({ state: { step: 2 } });
    expect(ctx.state<{ step: number }>()).toEqual({ step: 2 });
    expect(ctx.sdk).toBe("the SDK context");
    expect(context().ctx.state()).toBeUndefined();
  });
});

describe("ctx.progress", () => {
  it("sends only increasing values, and nothing once the call is over (T-CANCEL-8)", async () => {
    const { ctx, finish, sent } = context();
    await ctx.progress(1, 3, "one");
    await ctx.progress(1, 3, "again");
    await ctx.progress(0.5);
    await ctx.progress(2);
    finish();
    await ctx.progress(3, 3);
    expect(sent).toEqual([{ progress: 1, total: 3, message: "one" }, { progress: 2 }]);
  });

  it("does nothing without a progressToken, and a failed notification does not fail the handler", async () => {
    await expect(context({ sendProgress: undefined }).ctx.progress(1)).resolves.toBeUndefined();
    await expect(context({ sendProgress: () => Promise.reject(new Error("stream closed")) }).ctx.progress(1)).resolves.toBeUndefined();
  });
});
