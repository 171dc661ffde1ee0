// Handlebars templates of the generated files, compiled strictly (a missing field is an error) with
// HTML escaping off. Templates only ever receive values already made safe by safe-text.ts.
// mcp-gen's own templates are precompiled (src/precompiled/template-specs.ts, kept current by test/schemas.test.ts):
// a build loads only Handlebars' runtime and compiles nothing. Any other template text is compiled.
import { createRequire } from "node:module";
import type HandlebarsModule from "handlebars";
import { sha256Hex } from "../lock/sha256.js";
import { TEMPLATE_SPECS } from "../precompiled/template-specs.js";
import { ToolLoop } from "./tool-loop.js";

export const TEMPLATE_NAMES = ["client.ts", "handler-stub.ts", "handlers.ts", "index.ts", "server.ts", "test-scaffold.ts", "testing.ts", "tool-module.ts", "tools.ts"] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Template sources by name, as read from templates/<name>.hbs. */
export type TemplateSources = Readonly<Record<TemplateName, string>>;

export type Templates = Readonly<Record<TemplateName, (view: object) => string>>;

/** How every template is compiled, ahead of time or now. */
export const COMPILE_OPTIONS = { strict: true, noEscape: true, knownHelpersOnly: true } as const;

/** A precompiled template: the SHA-256 of the source it was compiled from, and Handlebars' spec. */
export interface PrecompiledTemplate {
  readonly source: string;
  readonly spec: unknown;
}

// CommonJS, loaded on first use: the runtime alone (half the load time) when every template is precompiled.
const require = createRequire(import.meta.url);
type Handlebars = typeof HandlebarsModule;

export function compileTemplates(sources: TemplateSources): Templates {
  const specs = TEMPLATE_SPECS as Readonly<Partial<Record<string, PrecompiledTemplate>>>;
  let runtime: Handlebars | undefined;
  let compiler: Handlebars | undefined;
  const compiled = {} as Record<TemplateName, (view: object) => string>;
  for (const name of TEMPLATE_NAMES) {
    const precompiled = specs[name];
    let render: HandlebarsModule.TemplateDelegate;
    if (precompiled !== undefined && precompiled.source === sha256Hex(sources[name])) {
      runtime ??= withToolLoops((require("handlebars/runtime") as { default?: Handlebars } & Handlebars).create());
      render = runtime.template(precompiled.spec as never);
    } else {
      compiler ??= withToolLoops((require("handlebars") as { default?: Handlebars } & Handlebars).create());
      render = compiler.compile(sources[name], COMPILE_OPTIONS);
    }
    compiled[name] = (view) => render(view);
  }
  return compiled;
}

/** `instance` with an `each` that hands a ToolLoop (an aggregate's per-tool loop) the block to render itself. */
function withToolLoops(instance: Handlebars): Handlebars {
  const each = instance.helpers.each as HandlebarsModule.HelperDelegate;
  instance.registerHelper("each", function (this: unknown, context: unknown, options: HandlebarsModule.HelperOptions) {
    return context instanceof ToolLoop ? context.render(options) : each.call(this, context, options);
  });
  return instance;
}
