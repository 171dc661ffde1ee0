import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { metaKeyProblem, splitMetaKey, suggestMetaKey } from "../meta-key.js";

export const metaKeySyntax = defineRule({
  id: "meta-key-syntax",
  summary: "Every key of the tool's _meta follows the MCP _meta key format.",
  description:
    "A `_meta` key is an optional prefix of dot-separated labels followed by `/` (each label starts with a letter and ends " +
    "with a letter or digit, with letters, digits or hyphens inside), then a name that is empty or starts and ends with a " +
    "letter or digit, with letters, digits, `-`, `_` or `.` inside: `SecretHint`, `ui` and `com.example/flags` conform, " +
    "`_private`, `my key` and `openai/toolInvocation/invoking` (a second `/`) do not. The MCP schema types `_meta` as a " +
    "plain object, so SDKs accept any key, but the spec makes the format a MUST so that keys from different vendors cannot " +
    "collide. Hosts disagree: servers built for ChatGPT Apps must carry the keys OpenAI's Apps SDK documents " +
    "(`openai/outputTemplate`, `openai/toolInvocation/invoking`, `openai/toolInvocation/invoked`, `openai/widgetAccessible`), " +
    "so a report is a warning unless the config sets `preset: strict`. Reverse-DNS prefixes of a domain you control are " +
    "recommended. Only the top-level keys of the Tool's `_meta` are checked; the values are free.",
  defaultSeverity: "warning",
  must: true,
  why:
    "A MUST that nothing enforces: the schema types _meta as a plain object, both SDKs and the hosts accept any " + "key, and OpenAI's Apps SDK requires keys such as openai/toolInvocation/invoking.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § _meta; schema.json MetaObject",
  checklist: ["T-META-9", "T-DESC-8"],
  check(tool, report) {
    const meta = getOwn(tool.wire, "_meta");
    if (!isJsonObject(meta)) return; // tool-shape reports it
    for (const key of Object.keys(meta)) {
      const problem = metaKeyProblem(key);
      if (problem === undefined) continue;
      report({ pointer: joinPointer("/_meta", key), target: "key", message: `_meta key ${quoteValue(key)} ${problem}.`, hint: hintFor(key) });
    }
  },
});

function hintFor(key: string): string {
  const suggestion = suggestMetaKey(key);
  // A host may require a key exactly as written, as OpenAI's Apps SDK does its openai/toolInvocation/ keys.
  if (suggestion !== undefined && splitMetaKey(key).name.includes("/")) {
    return `Rename it to ${quoteValue(suggestion)} if the key is yours; a key a host requires as written (OpenAI's Apps SDK requires openai/toolInvocation/invoking) can stay, as a warning.`;
  }
  if (suggestion !== undefined) return `Rename it to ${quoteValue(suggestion)}.`;
  const digitLabel = splitMetaKey(key).labels?.some((label) => /^[0-9]/.test(label)) ?? false;
  return digitLabel ? 'Start every prefix label with a letter, as in "com.example/setting".' : 'Use a key such as "com.example/setting".';
}
