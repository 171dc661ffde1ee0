// Handler of the MCP tool "greet", described in tools/greet.yaml.
// Written by `mcp-gen init` as an example; this file is yours: mcp-gen never overwrites it.
import type { ToolHandlers } from "../generated/server.js";

const GREETINGS = {
  en: (name: string) => `Hello, ${name}!`,
  fr: (name: string) => `Bonjour, ${name} !`,
  pt: (name: string) => `Olá, ${name}!`,
} as const;

/**
 * Greets a person by name. The arguments were validated against inputSchema before this runs, and
 * the result is validated against outputSchema before it is sent.
 */
export const greet: ToolHandlers["greet"] = ({ name, language = "en" }) => ({ greeting: GREETINGS[language](name) });
