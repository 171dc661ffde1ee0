// The servers the runtime benchmarks compare, each as a web-standard `fetch(Request) → Response`
// (the face of the SDK's createMcpHandler and of the generated createToolHttpHandler), plus the
// tools/call it answers. Used by the in-process child (SDK Client → fetch) and the HTTP child
// (node:http → toNodeHandler → fetch), so both measure the same servers.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { expectForecast, expectText, FORECAST_CALL, GITHUB_CALL, PING_CALL } from "./calls.mjs";
import { FORECAST_ARGS, FORECAST_TOOL, forecast, forecastZodSchemas } from "./forecast-tool.mjs";

/** The zod copy the SDK server itself depends on (bench/node_modules has an older zod for a baseline's peer). */
async function sdkZod() {
  const require = createRequire(import.meta.url);
  const serverRequire = createRequire(require.resolve("@modelcontextprotocol/server"));
  const zodDir = dirname(serverRequire.resolve("zod/package.json"));
  const mod = await import(pathToFileURL(join(zodDir, "index.js")).href);
  return mod.z ?? mod.default;
}

async function importGenerated(projectDir, file) {
  return import(pathToFileURL(join(projectDir, "dist", "generated", file)).href);
}

const quiet = { onerror: (error) => process.env.BENCH_DEBUG && console.error("[server]", error.message) };
function textResult(data) {
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
}

/** SDK floor: McpServer with one tool and no schema at all. */
function floorFactory() {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  server.registerTool("ping", { description: "Replies pong." }, async () => ({ content: [{ type: "text", text: "pong" }] }));
  return server;
}

function forecastConfig(schemas) {
  const { title, description, annotations } = FORECAST_TOOL;
  return { title, description, annotations, ...schemas };
}

/**
 * Every case: { label, tools, call, expect(result) → boolean, handler: { fetch, close } }.
 * `projects` = { one, github } directories of built and compiled temp projects.
 */
export async function makeCase(name, projects) {
  switch (name) {
    case "floor":
      return {
        label: "SDK floor: McpServer, 1 tool, no schema",
        tools: 1,
        call: PING_CALL,
        expect: expectText("pong"),
        handler: createMcpHandler(floorFactory, quiet),
      };
    case "one-zod": {
      const z = await sdkZod();
      const factory = () => {
        const server = new McpServer({ name: "zod", version: "1.0.0" });
        // As the SDK documents it: the schema is written inside the per-request factory.
        server.registerTool(FORECAST_TOOL.name, forecastConfig(forecastZodSchemas(z)), async (args) => textResult(forecast(args)));
        return server;
      };
      return {
        label: "naive: McpServer + registerTool + zod, 1 tool",
        tools: 1,
        call: FORECAST_CALL,
        expect: expectForecast,
        handler: createMcpHandler(factory, quiet),
      };
    }
    case "one-zod-hoisted": {
      const z = await sdkZod();
      const config = forecastConfig(forecastZodSchemas(z)); // built once, outside the factory
      const factory = () => {
        const server = new McpServer({ name: "zod", version: "1.0.0" });
        server.registerTool(FORECAST_TOOL.name, config, async (args) => textResult(forecast(args)));
        return server;
      };
      return { label: "  same, zod schemas built once", tools: 1, call: FORECAST_CALL, expect: expectForecast, handler: createMcpHandler(factory, quiet) };
    }
    case "one-fjs-hoisted": {
      const config = forecastConfig({ inputSchema: fromJsonSchema(FORECAST_TOOL.inputSchema), outputSchema: fromJsonSchema(FORECAST_TOOL.outputSchema) });
      const factory = () => {
        const server = new McpServer({ name: "fjs", version: "1.0.0" });
        server.registerTool(FORECAST_TOOL.name, config, async (args) => textResult(forecast(args)));
        return server;
      };
      return { label: "  same, fromJsonSchema built once", tools: 1, call: FORECAST_CALL, expect: expectForecast, handler: createMcpHandler(factory, quiet) };
    }
    case "one-fjs": {
      const factory = () => {
        const server = new McpServer({ name: "fjs", version: "1.0.0" });
        // A JSON Schema literal inside the factory is a new object per request (structuredClone stands in for the literal).
        const schemas = {
          inputSchema: fromJsonSchema(structuredClone(FORECAST_TOOL.inputSchema)),
          outputSchema: fromJsonSchema(structuredClone(FORECAST_TOOL.outputSchema)),
        };
        server.registerTool(FORECAST_TOOL.name, forecastConfig(schemas), async (args) => textResult(forecast(args)));
        return server;
      };
      return {
        label: "naive: McpServer + registerTool + fromJsonSchema, 1 tool",
        tools: 1,
        call: FORECAST_CALL,
        expect: expectForecast,
        handler: createMcpHandler(factory, quiet),
      };
    }
    case "one-gen": {
      const { createToolHttpHandler } = await importGenerated(projects.one, "server.js");
      const handler = createToolHttpHandler({ [FORECAST_TOOL.name]: (args) => forecast(args) });
      return { label: "mcp-gen generated server, 1 tool", tools: 1, call: FORECAST_CALL, expect: expectForecast, handler };
    }
    case "gh-gen": {
      const { createToolHttpHandler } = await importGenerated(projects.github, "server.js");
      const { TOOL_TABLE } = await importGenerated(projects.github, "tools.js");
      const handlers = Object.fromEntries([...TOOL_TABLE.byName.keys()].map((tool) => [tool, () => "ok"]));
      return {
        label: `mcp-gen generated server, ${TOOL_TABLE.byName.size.toLocaleString("en-US")} tools`,
        tools: TOOL_TABLE.byName.size,
        call: GITHUB_CALL,
        expect: expectText("ok"),
        handler: createToolHttpHandler(handlers),
      };
    }
    case "gh-naive": {
      const tools = JSON.parse(readFileSync(projects.githubTools, "utf8")).tools;
      // Tools whose inputSchema the SDK's ajv refuses cannot be registered this way at all: left out.
      const accepted = tools.filter((tool) => {
        try {
          fromJsonSchema(tool.inputSchema);
          return true;
        } catch {
          return false;
        }
      });
      const factory = () => {
        const server = new McpServer({ name: "naive", version: "1.0.0" });
        for (const tool of accepted) {
          server.registerTool(tool.name, { description: tool.description ?? "", inputSchema: fromJsonSchema(tool.inputSchema) }, async () => ({
            content: [{ type: "text", text: "ok" }],
          }));
        }
        return server;
      };
      return {
        label: `naive: McpServer + registerTool + fromJsonSchema, ${accepted.length.toLocaleString("en-US")} tools${accepted.length < tools.length ? "*" : ""}`,
        refused: tools.length - accepted.length,
        tools: accepted.length,
        call: GITHUB_CALL,
        expect: expectText("ok"),
        handler: createMcpHandler(factory, quiet),
      };
    }
    default:
      throw new Error(`unknown server case ${name}`);
  }
}

/** The generated typed client of the one-tool project: { ToolsClient, method, clientOptions }. */
export async function generatedClient(projects) {
  const { ToolsClient } = await importGenerated(projects.one, "client.js");
  const { TOOL_ENTRIES } = await importGenerated(projects.one, "tools.js");
  let clientOptions = {};
  try {
    // The runtime package the generated client imports (a project of an older mcp-gen, or a vendored
    // one, has its copy in runtime/).
    const { precompiledValidators } = existsSync(join(projects.one, "dist", "generated", "runtime"))
      ? await importGenerated(projects.one, "runtime/client-runtime.js")
      : await import("@mcp-gen/runtime/client");
    // What ToolsClient.connectHttp configures.
    if (typeof precompiledValidators === "function") clientOptions = { jsonSchemaValidator: precompiledValidators(TOOL_ENTRIES) };
  } catch {
    // An older or newer runtime without it: the SDK's default validator.
  }
  // The method of a tool is its name in camelCase (get_forecast → getForecast).
  const method = FORECAST_TOOL.name.replace(/[_.-]+([a-z0-9])/g, (_, c) => c.toUpperCase());
  if (typeof ToolsClient.prototype[method] !== "function") throw new Error(`the generated ToolsClient has no method ${method}`);
  return {
    ToolsClient,
    method,
    clientOptions,
    args: FORECAST_ARGS,
    expect: (outcome) => outcome?.isError === false && outcome.output?.days?.length === FORECAST_ARGS.days,
  };
}
