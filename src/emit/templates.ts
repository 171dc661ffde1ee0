// Handlebars templates of the generated files, compiled strictly (a missing field is an error) with
// HTML escaping off. Templates only ever receive values already made safe by safe-text.ts.
import Handlebars from "handlebars";

export const TEMPLATE_NAMES = [
  "client.ts",
  "handler-stub.ts",
  "handlers.ts",
  "index.ts",
  "server.ts",
  "test-scaffold.ts",
  "testing.ts",
  "tool-module.ts",
  "tools.ts",
] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Template sources by name, as read from templates/<name>.hbs. */
export type TemplateSources = Readonly<Record<TemplateName, string>>;

export type Templates = Readonly<Record<TemplateName, (view: object) => string>>;

export function compileTemplates(sources: TemplateSources): Templates {
  const handlebars = Handlebars.create();
  const compiled = {} as Record<TemplateName, (view: object) => string>;
  for (const name of TEMPLATE_NAMES) {
    const render = handlebars.compile(sources[name], { strict: true, noEscape: true, knownHelpersOnly: true });
    compiled[name] = (view) => render(view);
  }
  return compiled;
}
