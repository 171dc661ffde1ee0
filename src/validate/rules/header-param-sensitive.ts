import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { annotatedName, headerSites } from "../header-problems.js";
import { sensitiveTerm } from "./header-param-sensitive/sensitive-terms.js";

export interface HeaderParamSensitiveOptions {
  /** Property names, dotted property paths or header names (any case) that are known not to be sensitive. */
  readonly allow: readonly string[];
}

export const headerParamSensitive = defineRule<HeaderParamSensitiveOptions>({
  id: "header-param-sensitive",
  summary: "Parameters that look like secrets or personal data are not mirrored into HTTP headers.",
  description:
    "Every `Mcp-Param-*` header is visible to whatever sits between client and server (proxies, gateways, load balancers, " +
    "their access logs), and Base64 encoding hides nothing, so the spec says not to mirror passwords, API keys, tokens or " +
    "personal data. This rule warns when an annotated property's name or header name looks like one (password, secret, API " +
    "key, token, auth, session, cookie, private key, credential, SSN, email, phone, credit card, IBAN...), or when its " +
    'description opens with one ("The admin password for..."). Names are compared word by word; counted, paging and ' +
    "descriptive names (`token_count`, `max_tokens`, `page_token`, `auth_type`, `secret_name`) and boolean parameters are not " +
    "reported. List a parameter that is not sensitive in the `allow` option.",
  defaultSeverity: "warning",
  must: false,
  why: "The spec says SHOULD NOT: a mirrored secret is visible to every intermediary, but the request works, and a " + "name alone does not prove that a value is secret.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § x-mcp-header (warning); SEP-2243 § Security Implications",
  checklist: ["T-HDR-15", "T-SEC-9"],
  options: {
    defaults: { allow: [] },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: { allow: { type: "array", items: { type: "string" }, description: "Property names, dotted paths or header names not to report." } },
    },
  },
  check(tool, report, { options, memo }) {
    const allowed = new Set(options.allow.map((name) => name.toLowerCase()));
    for (const site of headerSites(tool, memo)) {
      if (typeof site.value !== "string") continue; // header-name-syntax reports it
      if (Object.hasOwn(site.schema, "type") && site.schema["type"] === "boolean") continue; // true or false reveals nothing
      const header = site.value;
      const path = site.path?.join(".");
      const property = site.path?.at(-1) ?? annotatedName(site.pointer + "/x-mcp-header") ?? "";
      if ([property, path, header].some((name) => name !== undefined && allowed.has(name.toLowerCase()))) continue;
      const description = Object.hasOwn(site.schema, "description") ? site.schema["description"] : undefined;
      const found =
        (property !== "" ? within("its property name", sensitiveTerm(property, "name")) : undefined) ??
        within("its header name", sensitiveTerm(header, "name")) ??
        within("its description", typeof description === "string" ? sensitiveTerm(description, "description") : undefined);
      if (found === undefined) continue;
      const shown = path !== undefined ? `Parameter ${quoteValue(path)}` : site.pointer === "" ? "The inputSchema root" : `The schema at ${quoteValue(site.pointer)}`;
      report({
        pointer: site.wirePointer + "/x-mcp-header",
        target: "key",
        message: `${shown} is mirrored into header ${quoteValue("Mcp-Param-" + header)}, but ${found}, and header values are visible to every proxy and log on the way.`,
        hint: `Remove the x-mcp-header annotation so the value stays in the request body, or add ${quoteValue(path ?? header)} to this rule's allow option if it is not sensitive.`,
      });
    }
  },
});

function within(where: string, looksLike: string | undefined): string | undefined {
  return looksLike === undefined ? undefined : `${where} suggests ${looksLike}`;
}
