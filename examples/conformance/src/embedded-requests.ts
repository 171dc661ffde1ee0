// The input requests mcp-gen's typed ctx.ask does not build: sampling/createMessage and roots/list
// embedded in an input_required result (MCP 2026-07-28 basic/patterns/mrtr). ctx.ask covers form
// elicitation only, so the tools that need these build them with the SDK's own helpers and read the
// answers from the SDK's context (ctx.sdk); both are deprecated by MCP 2026-07-28 (SEP-2577) but still
// part of the protocol.
import { inputRequired, inputResponse, type InputRequest, type InputRequests, type InputRequiredResult, type InputResponses } from "@modelcontextprotocol/server";
import type { InputRequired } from "./generated/server.js";

/** An embedded sampling request with one user message. */
export function askLlm(text: string, maxTokens: number): InputRequest {
  return inputRequired.createMessage({ messages: [{ role: "user", content: { type: "text", text } }], maxTokens });
}

/** An embedded roots/list request. */
export function askRoots(): InputRequest {
  return inputRequired.listRoots();
}

/** The text of the sampling answer under `key`, or undefined when the client sent none. */
export function llmAnswer(responses: InputResponses | Record<string, unknown> | undefined, key: string): string | undefined {
  const view = inputResponse(responses, key);
  if (view.kind !== "sampling") return undefined;
  const content = Array.isArray(view.result.content) ? view.result.content[0] : view.result.content;
  return content?.type === "text" ? content.text : "(no text)";
}

/** The root URIs of the roots/list answer under `key`, or undefined when the client sent none. */
export function rootsAnswer(responses: InputResponses | Record<string, unknown> | undefined, key: string): string[] | undefined {
  const view = inputResponse(responses, key);
  return view.kind === "roots" ? view.roots.map((root) => root.uri) : undefined;
}

/**
 * Adds SDK-built input requests to the result of ctx.ask (which carries the forms and the sealed
 * state). The forms ctx.ask builds are SDK InputRequests on the wire; their portable type describes
 * requestedSchema loosely, hence the cast.
 */
export function withRequests(asked: InputRequired, more: Record<string, InputRequest>): InputRequiredResult {
  const forms = (asked.inputRequests ?? {}) as InputRequests;
  return inputRequired({ ...(asked.requestState === undefined ? {} : { requestState: asked.requestState }), inputRequests: { ...forms, ...more } });
}
