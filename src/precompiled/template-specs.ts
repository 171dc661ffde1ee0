// @ts-nocheck
// mcp-gen's templates (templates/*.hbs) precompiled by Handlebars, each with the SHA-256 of its source: a
// build renders them with Handlebars' runtime alone. Written by scripts/precompiled/template-specs.ts;
// `npm run schemas` rewrites it, test/schemas.test.ts fails when it is stale.
export const TEMPLATE_SPECS = {
  "client.ts": {
    source: "4ac8edb07d2875e231c369be8b27088dbe45ac2861f79ca811d86d6c20bade1f",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    return "  type ContentBlock,\n";
},"1":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "import type { "
    + ((stack1 = alias2(alias1(depth0, "names", {"start":{"line":28,"column":17},"end":{"line":28,"column":22}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":28,"column":37},"end":{"line":28,"column":43}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"2":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "  {\n    name: "
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":51,"column":13},"end":{"line":51,"column":24}} ), depth0)) != null ? stack1 : "")
    + ",\n    sha256: "
    + ((stack1 = alias2(alias1(depth0, "sha256Literal", {"start":{"line":52,"column":15},"end":{"line":52,"column":28}} ), depth0)) != null ? stack1 : "")
    + ",\n    parts: {\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"parts"),{"name":"each","hash":{},"fn":container.program(3, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":54,"column":0},"end":{"line":56,"column":9}}})) != null ? stack1 : "")
    + "    },\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"legacy"),{"name":"if","hash":{},"fn":container.program(4, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":58,"column":0},"end":{"line":61,"column":7}}})) != null ? stack1 : "")
    + "  },\n";
},"3":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "      "
    + ((stack1 = alias2(alias1(depth0, "key", {"start":{"line":55,"column":9},"end":{"line":55,"column":12}} ), depth0)) != null ? stack1 : "")
    + ": "
    + ((stack1 = alias2(alias1(depth0, "hashLiteral", {"start":{"line":55,"column":20},"end":{"line":55,"column":31}} ), depth0)) != null ? stack1 : "")
    + ",\n";
},"4":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "    // As a 2025-era server lists it: outputSchema wrapped in { result } (MCP 2025-11-25, SEP-2106).\n    legacy: { sha256: "
    + ((stack1 = alias2(alias1(lookupProperty(depth0,"legacy"), "sha256Literal", {"start":{"line":60,"column":25},"end":{"line":60,"column":45}} ), depth0)) != null ? stack1 : "")
    + ", outputSchema: "
    + ((stack1 = alias2(alias1(lookupProperty(depth0,"legacy"), "outputSchemaLiteral", {"start":{"line":60,"column":67},"end":{"line":60,"column":93}} ), depth0)) != null ? stack1 : "")
    + " },\n";
},"5":function(container,depth0,helpers,partials,data) {
    var stack1;

  return "   * "
    + ((stack1 = container.lambda(depth0, depth0)) != null ? stack1 : "")
    + "\n";
},"6":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "\n"
    + ((stack1 = alias2(alias1(depth0, "doc", {"start":{"line":159,"column":3},"end":{"line":159,"column":6}} ), depth0)) != null ? stack1 : "")
    + "  "
    + ((stack1 = alias2(alias1(depth0, "methodName", {"start":{"line":159,"column":14},"end":{"line":159,"column":24}} ), depth0)) != null ? stack1 : "")
    + "(args: "
    + ((stack1 = alias2(alias1(depth0, "argumentsType", {"start":{"line":159,"column":37},"end":{"line":159,"column":50}} ), depth0)) != null ? stack1 : "")
    + ((stack1 = alias2(alias1(depth0, "argumentsDefault", {"start":{"line":159,"column":56},"end":{"line":159,"column":72}} ), depth0)) != null ? stack1 : "")
    + ", options?: CallOptions): Promise<ToolOutcome<"
    + ((stack1 = alias2(alias1(depth0, "outputType", {"start":{"line":159,"column":124},"end":{"line":159,"column":134}} ), depth0)) != null ? stack1 : "")
    + ">> {\n    return callTypedTool(this.client, entry("
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":160,"column":47},"end":{"line":160,"column":58}} ), depth0)) != null ? stack1 : "")
    + "), args, options, this.#guard);\n  }\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport {\n  callTypedTool,\n  checkNewConnection,\n  connectHttpClient,\n  connectStdioClient,\n  listPinnedTools,\n  precompiledValidators,\n  watchTools,\n  withToolWatch,\n  type CallOptions,\n  type Client,\n  type ConnectOptions,\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"needsContentBlock"),{"name":"if","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":14,"column":0},"end":{"line":16,"column":7}}})) != null ? stack1 : "")
    + "  type DriftPolicy,\n  type ListedTools,\n  type ListToolsOptions,\n  type PinGuard,\n  type StdioServer,\n  type ToolDrift,\n  type ToolOutcome,\n  type ToolPin,\n} from \""
    + ((stack1 = alias2(alias1(depth0, "clientRuntime", {"start":{"line":25,"column":11},"end":{"line":25,"column":24}} ), depth0)) != null ? stack1 : "")
    + "\";\nimport { TOOL_ENTRIES, TOOL_TABLE } from \"./tools.js\";\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"typeImports"),{"name":"each","hash":{},"fn":container.program(1, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":27,"column":0},"end":{"line":29,"column":9}}})) != null ? stack1 : "")
    + "\nexport {\n  ToolArgumentsError,\n  ToolDriftError,\n  ToolOutputError,\n  type DriftPolicy,\n  type ListedTools,\n  type RefusedTool,\n  type StdioServer,\n  type ToolDrift,\n  type ToolOutcome,\n  type ToolPart,\n} from \""
    + ((stack1 = alias2(alias1(depth0, "clientRuntime", {"start":{"line":42,"column":11},"end":{"line":42,"column":24}} ), depth0)) != null ? stack1 : "")
    + "\";\n\n/**\n * Each tool's hashes from mcp-tools.lock.json: the whole tool, and each of its parts (to name what\n * changed). The client compares them with every tools/list answer the server sends.\n */\nexport const TOOL_PINS: readonly ToolPin[] = [\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"pins"),{"name":"each","hash":{},"fn":container.program(2, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":49,"column":0},"end":{"line":63,"column":9}}})) != null ? stack1 : "")
    + "];\n\nfunction entry(name: string) {\n  return TOOL_TABLE.byName.get(name)!;\n}\n\n/** The connect options with this project's precompiled validators (unless the caller gives its own) and the tool-list watch. */\nfunction withValidators(options: ConnectOptions & ToolsClientOptions): ConnectOptions {\n  return { ...options, clientOptions: withToolWatch({ jsonSchemaValidator: precompiledValidators(TOOL_ENTRIES), ...options.clientOptions }, options.onDrift ?? \"throw\") };\n}\n\nexport interface ToolsClientOptions {\n  /** Where warnings go (a tool left out of the live list, a tool that changed since the lock); console.warn by default. */\n  readonly warn?: (message: string) => void;\n  /**\n   * What happens when the server's tools differ from TOOL_PINS (a tool changed, missing, or not in\n   * the lock), at connect and on every tools/list answer, list_changed included: \"throw\" (the\n   * default) raises ToolDriftError from `connect…`, `checkTools()` and `listTools()`, and refuses a\n   * call to a changed or missing tool before it is sent; \"warn\" reports each difference once and lets\n   * calls through; \"ignore\" does not compare.\n   */\n  readonly onDrift?: DriftPolicy;\n}\n\n/**\n * Typed calls to the tools of this project over an SDK Client. Each method validates its arguments\n * before sending, returns the tool's error message when `isError` is set, and validates\n * structuredContent against outputSchema before typing it. The methods use the definitions compiled\n * into this module, so they need no tools/list first; the server's tools are still compared with\n * the lock's hashes before the first call.\n */\nexport class ToolsClient {\n  readonly #warned = new Set<string>();\n  readonly #warn: (message: string) => void;\n  readonly #guard: PinGuard;\n  readonly client: Client;\n\n  constructor(client: Client, options: ToolsClientOptions = {}) {\n    this.client = client;\n    this.#warn = options.warn ?? ((message) => console.warn(message));\n    this.#guard = watchTools(client, TOOL_PINS, options.onDrift ?? \"throw\", (message) => this.#warn(message));\n  }\n\n  /** Connects over Streamable HTTP ("
    + ((stack1 = alias2(alias1(depth0, "connectNote", {"start":{"line":107,"column":40},"end":{"line":107,"column":51}} ), depth0)) != null ? stack1 : "")
    + ") and checks the server's tools. */\n  static async connectHttp(url: string | URL, options: ConnectOptions & ToolsClientOptions = {}): Promise<ToolsClient> {\n    return ToolsClient.#checked(new ToolsClient(await connectHttpClient(url, withValidators(options)), options));\n  }\n\n  /**\n   * Starts a stdio server (`{ command, args, env, cwd }`), connects to it ("
    + ((stack1 = alias2(alias1(depth0, "connectNote", {"start":{"line":113,"column":79},"end":{"line":113,"column":90}} ), depth0)) != null ? stack1 : "")
    + ") and\n   * checks its tools. `close()` ends the server.\n   */\n  static async connectStdio(server: StdioServer, options: ConnectOptions & ToolsClientOptions = {}): Promise<ToolsClient> {\n    return ToolsClient.#checked(new ToolsClient(await connectStdioClient(server, withValidators(options)), options));\n  }\n\n  /** A new connection whose tools differ from the lock is closed, with `onDrift: \"throw\"`. */\n  static async #checked(tools: ToolsClient): Promise<ToolsClient> {\n    await checkNewConnection(tools.#guard, () => tools.close());\n    return tools;\n  }\n\n  /**\n   * Closes the connection, as `client.close()` does: over stdio it ends the server `connectStdio`\n   * started; over HTTP it aborts the requests and streams still open. A call made after it rejects.\n   */\n  close(): Promise<void> {\n    return this.client.close();\n  }\n\n  /**\n   * Lists the server's tools and compares each with TOOL_PINS: how they differ, empty when they\n   * match. With `onDrift: \"throw\"`, a difference is a ToolDriftError instead.\n   */\n  async checkTools(): Promise<readonly ToolDrift[]> {\n    const drift = await this.#guard.check();\n    this.#guard.assertUnchanged();\n    return drift;\n  }\n\n  /**\n   * The server's live tool list, every page, compared with TOOL_PINS.\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"listNote"),{"name":"each","hash":{},"fn":container.program(5, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":146,"column":0},"end":{"line":148,"column":9}}})) != null ? stack1 : "")
    + "   */\n  listTools(options?: ListToolsOptions): Promise<ListedTools> {\n    return listPinnedTools(this.client, this.#guard, options, (key, message) => {\n      if (this.#warned.has(key)) return;\n      this.#warned.add(key);\n      this.#warn(message);\n    });\n  }\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"methods"),{"name":"each","hash":{},"fn":container.program(6, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":157,"column":0},"end":{"line":162,"column":9}}})) != null ? stack1 : "")
    + "}\n";
},"useData":true},
  },
  "handler-stub.ts": {
    source: "692dea1658db9219be65e7ae2682e6869d887c037af89f356df90f00b174ace7",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    return "ctx";
},"1":function(container,depth0,helpers,partials,data) {
    return "_ctx";
},"2":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "  // This tool may ask the user to fill in a form (x-mcp-gen.inputRequests: "
    + ((stack1 = alias2(alias1(depth0, "formKeys", {"start":{"line":8,"column":79},"end":{"line":8,"column":87}} ), depth0)) != null ? stack1 : "")
    + ").\n  // ctx.answer(key) is the answer, checked against the form's requestedSchema: \"missing\" until the\n  // user answered, then \"accepted\" (with typed content), \"declined\", \"cancelled\" or \"invalid\".\n  // Return ctx.ask({ key: {} }) to ask: the client shows the form and calls the tool again.\n  const answer = ctx.answer("
    + ((stack1 = alias2(alias1(depth0, "askKeyLiteral", {"start":{"line":12,"column":31},"end":{"line":12,"column":44}} ), depth0)) != null ? stack1 : "")
    + ");\n  if (answer.kind === \"missing\") return ctx.ask({ "
    + ((stack1 = alias2(alias1(depth0, "askKey", {"start":{"line":13,"column":53},"end":{"line":13,"column":59}} ), depth0)) != null ? stack1 : "")
    + ": {} });\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "// Handler of the MCP tool "
    + ((stack1 = alias2(alias1(depth0, "nameComment", {"start":{"line":1,"column":30},"end":{"line":1,"column":41}} ), depth0)) != null ? stack1 : "")
    + ", described in "
    + ((stack1 = alias2(alias1(depth0, "descriptorFile", {"start":{"line":1,"column":62},"end":{"line":1,"column":76}} ), depth0)) != null ? stack1 : "")
    + ".\n// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.\nimport { ToolNotImplementedError, type ToolHandlers } from \""
    + ((stack1 = alias2(alias1(depth0, "serverModule", {"start":{"line":3,"column":63},"end":{"line":3,"column":75}} ), depth0)) != null ? stack1 : "")
    + "\";\n\n"
    + ((stack1 = alias2(alias1(depth0, "doc", {"start":{"line":5,"column":3},"end":{"line":5,"column":6}} ), depth0)) != null ? stack1 : "")
    + "export const "
    + ((stack1 = alias2(alias1(depth0, "exportName", {"start":{"line":5,"column":25},"end":{"line":5,"column":35}} ), depth0)) != null ? stack1 : "")
    + ": ToolHandlers["
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":5,"column":56},"end":{"line":5,"column":67}} ), depth0)) != null ? stack1 : "")
    + "] = async (_args, "
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"askKey"),{"name":"if","hash":{},"fn":container.program(0, data, 0),"inverse":container.program(1, data, 0),"data":data,"loc":{"start":{"line":5,"column":88},"end":{"line":5,"column":124}}})) != null ? stack1 : "")
    + ") => {\n  // The arguments were validated against inputSchema before this runs.\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"askKey"),{"name":"if","hash":{},"fn":container.program(2, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":7,"column":0},"end":{"line":14,"column":7}}})) != null ? stack1 : "")
    + "  // Return "
    + ((stack1 = alias2(alias1(depth0, "returnHint", {"start":{"line":15,"column":15},"end":{"line":15,"column":25}} ), depth0)) != null ? stack1 : "")
    + ".\n  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.\n  throw new ToolNotImplementedError("
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":17,"column":39},"end":{"line":17,"column":50}} ), depth0)) != null ? stack1 : "")
    + ");\n};\n";
},"useData":true},
  },
  "handlers.ts": {
    source: "922020a718809492312f2b419d0c3a5238ffe819a18952b8fdc92259291cd027",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "import { "
    + ((stack1 = alias2(alias1(depth0, "exportName", {"start":{"line":4,"column":12},"end":{"line":4,"column":22}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":4,"column":37},"end":{"line":4,"column":43}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"1":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "  "
    + ((stack1 = alias2(alias1(depth0, "key", {"start":{"line":10,"column":5},"end":{"line":10,"column":8}} ), depth0)) != null ? stack1 : "")
    + ": "
    + ((stack1 = alias2(alias1(depth0, "exportName", {"start":{"line":10,"column":16},"end":{"line":10,"column":26}} ), depth0)) != null ? stack1 : "")
    + ",\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport type { ToolHandlers } from \"./server.js\";\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"imports"),{"name":"each","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":3,"column":0},"end":{"line":5,"column":9}}})) != null ? stack1 : "")
    + "\n/** The handlers in "
    + ((stack1 = alias2(alias1(depth0, "handlersFolder", {"start":{"line":7,"column":23},"end":{"line":7,"column":37}} ), depth0)) != null ? stack1 : "")
    + ", one file per tool, by tool name. */\nexport const handlers: ToolHandlers = {\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"imports"),{"name":"each","hash":{},"fn":container.program(1, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":9,"column":0},"end":{"line":11,"column":9}}})) != null ? stack1 : "")
    + "};\n";
},"useData":true},
  },
  "index.ts": {
    source: "ab3c9af95b0146b09518f98dc22e2dd951b7ca167e95ece674b79b08656223cc",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    return "export * from \"./server.js\";\n";
},"1":function(container,depth0,helpers,partials,data) {
    return "export { handlers } from \"./handlers.js\";\n";
},"2":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "export type { "
    + ((stack1 = alias2(alias1(depth0, "names", {"start":{"line":11,"column":17},"end":{"line":11,"column":22}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":11,"column":37},"end":{"line":11,"column":43}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = container.lambda(container.strict(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias1,lookupProperty(depth0,"withServer"),{"name":"if","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":2,"column":0},"end":{"line":4,"column":7}}})) != null ? stack1 : "")
    + "export * from \"./client.js\";\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias1,lookupProperty(depth0,"withServer"),{"name":"if","hash":{},"fn":container.program(1, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":6,"column":0},"end":{"line":8,"column":7}}})) != null ? stack1 : "")
    + "export { TOOL_ENTRIES, TOOL_TABLE } from \"./tools.js\";\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias1,lookupProperty(depth0,"typeExports"),{"name":"each","hash":{},"fn":container.program(2, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":10,"column":0},"end":{"line":12,"column":9}}})) != null ? stack1 : "");
},"useData":true},
  },
  "server.ts": {
    source: "207755bc330dd988cc428160594500459d84046adaf952e9102f2a9a721aa5e3",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "import type { "
    + ((stack1 = alias2(alias1(depth0, "name", {"start":{"line":7,"column":17},"end":{"line":7,"column":21}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":7,"column":36},"end":{"line":7,"column":42}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"1":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "  "
    + ((stack1 = alias2(alias1(depth0, "key", {"start":{"line":32,"column":5},"end":{"line":32,"column":8}} ), depth0)) != null ? stack1 : "")
    + ": "
    + ((stack1 = alias2(alias1(depth0, "typesName", {"start":{"line":32,"column":16},"end":{"line":32,"column":25}} ), depth0)) != null ? stack1 : "")
    + ";\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport { createHttpHandler, type GeneratedHttpHandler, type HttpHandlerOptions } from \""
    + ((stack1 = alias2(alias1(depth0, "httpRuntime", {"start":{"line":2,"column":90},"end":{"line":2,"column":101}} ), depth0)) != null ? stack1 : "")
    + "\";\nimport type { HttpServing, ServeHttpOptions } from \""
    + ((stack1 = alias2(alias1(depth0, "nodeRuntime", {"start":{"line":3,"column":55},"end":{"line":3,"column":66}} ), depth0)) != null ? stack1 : "")
    + "\";\nimport { createServerFactory, type NoInputs, type Server, type ServerRuntimeOptions, type ToolContent, type ToolHandler } from \""
    + ((stack1 = alias2(alias1(depth0, "serverRuntime", {"start":{"line":4,"column":131},"end":{"line":4,"column":144}} ), depth0)) != null ? stack1 : "")
    + "\";\nimport { TOOL_TABLE } from \"./tools.js\";\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"typeImports"),{"name":"each","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":6,"column":0},"end":{"line":8,"column":9}}})) != null ? stack1 : "")
    + "\n// For a Node HTTP server wired by hand (auth middleware, Express), before `toNodeHandler(handler)`:\n// `mcpRequestValidation(options?)` makes every check `serveHttp` below makes before the handler\n// (Host, Origin and Mcp-* headers on one line each, Host and Origin against DNS rebinding, one path),\n// with the same options (`path`, `allowedHosts`, `allowedOrigins`) and answers.\n// `duplicateMcpHeaderValidation()` is only its check of Mcp-* headers sent on two lines.\nexport { duplicateMcpHeaderValidation, mcpRequestValidation } from \""
    + ((stack1 = alias2(alias1(depth0, "httpRuntime", {"start":{"line":15,"column":71},"end":{"line":15,"column":82}} ), depth0)) != null ? stack1 : "")
    + "\";\n\nexport {\n  randomRequestStateKey,\n  ToolError,\n  ToolNotImplementedError,\n  toolResult,\n  type AskOptions,\n  type InputAnswer,\n  type InputRequired,\n  type RequestStateOptions,\n  type ToolContext,\n} from \""
    + ((stack1 = alias2(alias1(depth0, "serverRuntime", {"start":{"line":27,"column":11},"end":{"line":27,"column":24}} ), depth0)) != null ? stack1 : "")
    + "\";\n\n/** Argument, result and input-request types of every tool, by tool name. */\nexport interface ToolTypes {\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"tools"),{"name":"each","hash":{},"fn":container.program(1, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":31,"column":0},"end":{"line":33,"column":9}}})) != null ? stack1 : "")
    + "}\n\n/** The result a handler returns: plain data typed by outputSchema, or content for tools without one. */\nexport type ToolReturn<T> = T extends { result: infer R } ? R : ToolContent;\n\n/** The answers a handler can read with `ctx.answer(key)` (x-mcp-gen.inputRequests); none by default. */\nexport type ToolInputs<T> = T extends { inputs: infer I } ? I : NoInputs;\n\n/** One typed handler per tool: `(args, ctx) => result`, sync or async. */\nexport type ToolHandlers = { readonly [Name in keyof ToolTypes]: ToolHandler<ToolTypes[Name][\"arguments\"], ToolReturn<ToolTypes[Name]>, ToolInputs<ToolTypes[Name]>> };\n\n/** Defaults from mcp-gen.config.yaml; every field can be overridden per call. */\nexport const SERVER_DEFAULTS: ServerRuntimeOptions = {\n  serverInfo: { name: "
    + ((stack1 = alias2(alias1(depth0, "serverNameLiteral", {"start":{"line":47,"column":25},"end":{"line":47,"column":42}} ), depth0)) != null ? stack1 : "")
    + ", version: "
    + ((stack1 = alias2(alias1(depth0, "serverVersionLiteral", {"start":{"line":47,"column":59},"end":{"line":47,"column":79}} ), depth0)) != null ? stack1 : "")
    + " },\n  cacheHint: { ttlMs: "
    + ((stack1 = alias2(alias1(depth0, "ttlMs", {"start":{"line":48,"column":25},"end":{"line":48,"column":30}} ), depth0)) != null ? stack1 : "")
    + ", cacheScope: "
    + ((stack1 = alias2(alias1(depth0, "cacheScopeLiteral", {"start":{"line":48,"column":50},"end":{"line":48,"column":67}} ), depth0)) != null ? stack1 : "")
    + " },\n  limits: { maxArgumentDepth: "
    + ((stack1 = alias2(alias1(depth0, "maxArgumentDepth", {"start":{"line":49,"column":33},"end":{"line":49,"column":49}} ), depth0)) != null ? stack1 : "")
    + ", maxStringLength: "
    + ((stack1 = alias2(alias1(depth0, "maxStringLength", {"start":{"line":49,"column":74},"end":{"line":49,"column":89}} ), depth0)) != null ? stack1 : "")
    + ", callTimeoutMs: "
    + ((stack1 = alias2(alias1(depth0, "callTimeoutMs", {"start":{"line":49,"column":112},"end":{"line":49,"column":125}} ), depth0)) != null ? stack1 : "")
    + " },\n};\n\n/** Largest HTTP request body accepted, in bytes (server.limits.maxRequestBytes). */\nexport const MAX_REQUEST_BYTES = "
    + ((stack1 = alias2(alias1(depth0, "maxRequestBytes", {"start":{"line":53,"column":36},"end":{"line":53,"column":51}} ), depth0)) != null ? stack1 : "")
    + ";\n\n/**\n * The server factory: "
    + ((stack1 = alias2(alias1(depth0, "factoryUse", {"start":{"line":56,"column":26},"end":{"line":56,"column":36}} ), depth0)) != null ? stack1 : "")
    + ". Cheap to call: the tool table was built\n * once, when this module loaded. Pass `requestState: { key }` when handlers carry state across input\n * requests.\n */\nexport function createToolServerFactory(handlers: ToolHandlers, options: Partial<ServerRuntimeOptions> = {}): () => Server {\n  return createServerFactory(TOOL_TABLE, handlers as never, { ...SERVER_DEFAULTS, ...options });\n}\n\n/** A Streamable HTTP handler (web-standard fetch) serving these tools"
    + ((stack1 = alias2(alias1(depth0, "httpNote", {"start":{"line":64,"column":73},"end":{"line":64,"column":81}} ), depth0)) != null ? stack1 : "")
    + ". */\nexport function createToolHttpHandler(handlers: ToolHandlers, options: Partial<ServerRuntimeOptions> & Partial<HttpHandlerOptions> = {}): GeneratedHttpHandler {\n  const { maxRequestBytes = MAX_REQUEST_BYTES, handlerOptions, ...serverOptions } = options;\n  return createHttpHandler(createToolServerFactory(handlers, serverOptions), TOOL_TABLE, { maxRequestBytes, ...(handlerOptions ? { handlerOptions } : {}) });\n}\n\n/**\n * Serves these tools over Streamable HTTP on Node's HTTP server with every guard on: it listens on\n * 127.0.0.1 (`options.host`) and answers at /mcp; a Host or Origin header that names no loopback host\n * and none of `options.allowedHosts` / `allowedOrigins` is refused (DNS rebinding), and so are Host,\n * Origin or Mcp-* headers sent twice, a body past `maxRequestBytes` and a header block past\n * `options.maxHeaderBytes`. Resolves once listening; `close()` stops it.\n * @example const serving = await serveHttp(handlers, { port: 3000 }); console.error(`MCP server on ${serving.url.href}`);\n */\nexport async function serveHttp(handlers: ToolHandlers, options: ServeHttpOptions = {}, handlerOptions: Partial<ServerRuntimeOptions> & Partial<HttpHandlerOptions> = {}): Promise<HttpServing> {\n  // Loaded on the first call: a stdio server, or one on a fetch-native runtime, never loads node:http.\n  const { serveOnNode } = await import(\""
    + ((stack1 = alias2(alias1(depth0, "nodeRuntime", {"start":{"line":80,"column":43},"end":{"line":80,"column":54}} ), depth0)) != null ? stack1 : "")
    + "\");\n  return serveOnNode(createToolHttpHandler(handlers, handlerOptions), { maxRequestBytes: handlerOptions.maxRequestBytes ?? MAX_REQUEST_BYTES, ...options });\n}\n";
},"useData":true},
  },
  "test-scaffold.ts": {
    source: "8756cfb3d31a25e0f210507d935efcc8980fb5c5490e91086e683c551da3b28e",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    return "expect, ";
},"1":function(container,depth0,helpers,partials,data) {
    return "answerInputRequests, ";
},"2":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "    // The tool may ask the user (x-mcp-gen.inputRequests): this client answers each form with the\n    // values below, which its requestedSchema accepts. Change them to test other answers.\n    session = await connectInProcess({\n      onElicit: answerInputRequests("
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":13,"column":39},"end":{"line":13,"column":50}} ), depth0)) != null ? stack1 : "")
    + ", "
    + ((stack1 = alias2(alias1(depth0, "answersLiteral", {"start":{"line":13,"column":58},"end":{"line":13,"column":72}} ), depth0)) != null ? stack1 : "")
    + "),\n    });\n";
},"3":function(container,depth0,helpers,partials,data) {
    return "    session = await connectInProcess();\n";
},"4":function(container,depth0,helpers,partials,data,blockParams,depths) {
    var stack1, alias1=container.strict, alias2=container.lambda, lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "\n  it("
    + ((stack1 = alias2(alias1(depth0, "title", {"start":{"line":24,"column":8},"end":{"line":24,"column":13}} ), depth0)) != null ? stack1 : "")
    + ", async () => {\n    const outcome = await session.tools."
    + ((stack1 = alias2(alias1(depths[1], "methodName", {"start":{"line":25,"column":43},"end":{"line":25,"column":56}} ), depth0)) != null ? stack1 : "")
    + "("
    + ((stack1 = alias2(alias1(depth0, "argumentsLiteral", {"start":{"line":25,"column":63},"end":{"line":25,"column":79}} ), depth0)) != null ? stack1 : "")
    + ");\n    if (outcome.isError) throw new Error(outcome.message);\n"
    + ((stack1 = lookupProperty(helpers,"if").call(depth0 != null ? depth0 : (container.nullContext || {}),lookupProperty(depth0,"resultLiteral"),{"name":"if","hash":{},"fn":container.program(5, data, 0, blockParams, depths),"inverse":container.noop,"data":data,"loc":{"start":{"line":27,"column":0},"end":{"line":29,"column":7}}})) != null ? stack1 : "")
    + "  });\n";
},"5":function(container,depth0,helpers,partials,data) {
    var stack1;

  return "    expect(outcome.output).toEqual("
    + ((stack1 = container.lambda(container.strict(depth0, "resultLiteral", {"start":{"line":28,"column":38},"end":{"line":28,"column":51}} ), depth0)) != null ? stack1 : "")
    + ");\n";
},"6":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "\n  it(\"rejects arguments that break inputSchema\", async () => {\n    const result = await session.client.callTool({ name: "
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":35,"column":60},"end":{"line":35,"column":71}} ), depth0)) != null ? stack1 : "")
    + ", arguments: "
    + ((stack1 = alias2(alias1(depth0, "invalidArgumentsLiteral", {"start":{"line":35,"column":90},"end":{"line":35,"column":113}} ), depth0)) != null ? stack1 : "")
    + " });\n    expect(result.isError).toBe(true);\n  });\n";
},"7":function(container,depth0,helpers,partials,data) {
    return "\n  it.todo(\"rejects arguments that break inputSchema (inputSchema accepts every object)\");\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data,blockParams,depths) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return "// Tests of the MCP tool "
    + ((stack1 = alias2(alias1(depth0, "nameComment", {"start":{"line":1,"column":28},"end":{"line":1,"column":39}} ), depth0)) != null ? stack1 : "")
    + ", described in "
    + ((stack1 = alias2(alias1(depth0, "descriptorFile", {"start":{"line":1,"column":60},"end":{"line":1,"column":74}} ), depth0)) != null ? stack1 : "")
    + ".\n// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.\nimport { afterEach, beforeEach, describe, "
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"usesExpect"),{"name":"if","hash":{},"fn":container.program(0, data, 0, blockParams, depths),"inverse":container.noop,"data":data,"loc":{"start":{"line":3,"column":42},"end":{"line":3,"column":75}}})) != null ? stack1 : "")
    + "it } from \"vitest\";\nimport { "
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"answersLiteral"),{"name":"if","hash":{},"fn":container.program(1, data, 0, blockParams, depths),"inverse":container.noop,"data":data,"loc":{"start":{"line":4,"column":9},"end":{"line":4,"column":59}}})) != null ? stack1 : "")
    + "connectInProcess, type InProcessSession } from \""
    + ((stack1 = alias2(alias1(depth0, "testingModule", {"start":{"line":4,"column":110},"end":{"line":4,"column":123}} ), depth0)) != null ? stack1 : "")
    + "\";\n\ndescribe("
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":6,"column":12},"end":{"line":6,"column":23}} ), depth0)) != null ? stack1 : "")
    + ", () => {\n  let session: InProcessSession;\n  beforeEach(async () => {\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"answersLiteral"),{"name":"if","hash":{},"fn":container.program(2, data, 0, blockParams, depths),"inverse":container.program(3, data, 0, blockParams, depths),"data":data,"loc":{"start":{"line":9,"column":0},"end":{"line":17,"column":7}}})) != null ? stack1 : "")
    + "  });\n  afterEach(async () => {\n    await session.close();\n  });\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"examples"),{"name":"each","hash":{},"fn":container.program(4, data, 0, blockParams, depths),"inverse":container.noop,"data":data,"loc":{"start":{"line":22,"column":0},"end":{"line":31,"column":9}}})) != null ? stack1 : "")
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"invalidArgumentsLiteral"),{"name":"if","hash":{},"fn":container.program(6, data, 0, blockParams, depths),"inverse":container.program(7, data, 0, blockParams, depths),"data":data,"loc":{"start":{"line":32,"column":0},"end":{"line":41,"column":7}}})) != null ? stack1 : "")
    + "});\n";
},"useData":true,"useDepths":true},
  },
  "testing.ts": {
    source: "eb7b780f0eb0e855c8c5c4d21b52f3cb715b25739fdab758ba6f1439714d66a1",
    spec: {"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport { ToolsClient } from \"./client.js\";\nimport { handlers as projectHandlers } from \"./handlers.js\";\nimport { createToolHttpHandler, randomRequestStateKey, type ToolHandlers, type ToolInputs, type ToolTypes } from \"./server.js\";\nimport { TOOL_TABLE } from \"./tools.js\";\nimport { connectInProcessClient, type Client, type ElicitHandler } from \""
    + ((stack1 = alias2(alias1(depth0, "testingRuntime", {"start":{"line":6,"column":76},"end":{"line":6,"column":90}} ), depth0)) != null ? stack1 : "")
    + "\";\n\nexport interface InProcessOptions {\n  /** The handlers to serve; the project's own by default. */\n  readonly handlers?: ToolHandlers;\n  /** Answers elicitation requests (input_required forms); without it the client declares no elicitation. */\n  readonly onElicit?: ElicitHandler;\n  /** More server options (onError, limits, ...); requestState gets a key of this process by default. */\n  readonly server?: Parameters<typeof createToolHttpHandler>[1];\n}\n\nexport interface InProcessSession {\n  /** The raw SDK client, for calls the typed client would refuse (invalid arguments). */\n  readonly client: Client;\n  /** Typed calls to every tool. */\n  readonly tools: ToolsClient;\n  close(): Promise<void>;\n}\n\n/**\n * Serves the tools in-process through the generated HTTP handler and connects a real SDK Client to\n * it (the SDK's documented testing pattern: no port, no socket, no mock), on "
    + ((stack1 = alias2(alias1(depth0, "protocolNote", {"start":{"line":27,"column":81},"end":{"line":27,"column":93}} ), depth0)) != null ? stack1 : "")
    + ".\n */\nexport async function connectInProcess(options: InProcessOptions = {}): Promise<InProcessSession> {\n  const handler = createToolHttpHandler(options.handlers ?? projectHandlers, { requestState: { key: randomRequestStateKey() }, ...options.server });\n  const client = await connectInProcessClient(handler, options.onElicit);\n  return {\n    client,\n    tools: new ToolsClient(client),\n    async close() {\n      await client.close();\n      await handler.close();\n    },\n  };\n}\n\n/** What a user enters in each form a tool may ask for (x-mcp-gen.inputRequests), by form key. */\nexport type InputAnswers<Name extends keyof ToolTypes> = { readonly [Key in keyof ToolInputs<ToolTypes[Name]>]?: ToolInputs<ToolTypes[Name]>[Key] };\n\n/** The content of an accepted elicitation, as the client sends it. */\ntype ElicitContent = NonNullable<Awaited<ReturnType<ElicitHandler>>[\"content\"]>;\n\n/**\n * An `onElicit` that answers `tool`'s input requests as a user would: it tells the form apart by\n * the fields its requestedSchema asks for, and accepts it with `answers[key]`; a form without an\n * answer here is declined.\n */\nexport function answerInputRequests<Name extends keyof ToolTypes>(tool: Name, answers: InputAnswers<Name>): ElicitHandler {\n  const forms = TOOL_TABLE.byName.get(tool)?.inputRequests ?? {};\n  const fields = (schema: unknown) => JSON.stringify(Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).sort());\n  return (request) => {\n    const asked = \"requestedSchema\" in request ? fields(request.requestedSchema) : undefined;\n    const key = Object.keys(forms).find((k) => Object.hasOwn(answers, k) && fields(forms[k]!.requestedSchema) === asked);\n    return key === undefined ? { action: \"decline\" } : { action: \"accept\", content: (answers as Readonly<Record<string, ElicitContent>>)[key] };\n  };\n}\n";
},"useData":true},
  },
  "tool-module.ts": {
    source: "2446c1fc61614cc8712c5e78ea2c78e67a5974c20a6491a84224b0d22a401baa",
    spec: {"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport type * as mcpGen from \""
    + ((stack1 = alias2(alias1(depth0, "toolTableRuntime", {"start":{"line":2,"column":33},"end":{"line":2,"column":49}} ), depth0)) != null ? stack1 : "")
    + "\";\n\n"
    + ((stack1 = alias2(alias1(depth0, "types", {"start":{"line":4,"column":3},"end":{"line":4,"column":8}} ), depth0)) != null ? stack1 : "")
    + "\n"
    + ((stack1 = alias2(alias1(depth0, "descriptorDoc", {"start":{"line":5,"column":3},"end":{"line":5,"column":16}} ), depth0)) != null ? stack1 : "")
    + "export const "
    + ((stack1 = alias2(alias1(depth0, "descriptorName", {"start":{"line":5,"column":35},"end":{"line":5,"column":49}} ), depth0)) != null ? stack1 : "")
    + ": mcpGen.ToolDescriptor = "
    + ((stack1 = alias2(alias1(depth0, "descriptorLiteral", {"start":{"line":5,"column":81},"end":{"line":5,"column":98}} ), depth0)) != null ? stack1 : "")
    + ";\n";
},"useData":true},
  },
  "tools.ts": {
    source: "87667ee09c4630bc774fbc0d754e5393df0b57cfe3c14650c34df28c7af66348",
    spec: {"0":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "import { "
    + ((stack1 = alias2(alias1(depth0, "name", {"start":{"line":4,"column":12},"end":{"line":4,"column":16}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":4,"column":31},"end":{"line":4,"column":37}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"1":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "import { "
    + ((stack1 = alias2(alias1(depth0, "names", {"start":{"line":7,"column":12},"end":{"line":7,"column":17}} ), depth0)) != null ? stack1 : "")
    + " } from \""
    + ((stack1 = alias2(alias1(depth0, "module", {"start":{"line":7,"column":32},"end":{"line":7,"column":38}} ), depth0)) != null ? stack1 : "")
    + "\";\n";
},"2":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda;

  return "  {\n    name: "
    + ((stack1 = alias2(alias1(depth0, "nameLiteral", {"start":{"line":14,"column":13},"end":{"line":14,"column":24}} ), depth0)) != null ? stack1 : "")
    + ",\n    descriptor: "
    + ((stack1 = alias2(alias1(depth0, "descriptorName", {"start":{"line":15,"column":19},"end":{"line":15,"column":33}} ), depth0)) != null ? stack1 : "")
    + ",\n    validateInput: "
    + ((stack1 = alias2(alias1(depth0, "validateInput", {"start":{"line":16,"column":22},"end":{"line":16,"column":35}} ), depth0)) != null ? stack1 : "")
    + ",\n    validateOutput: "
    + ((stack1 = alias2(alias1(depth0, "validateOutput", {"start":{"line":17,"column":23},"end":{"line":17,"column":37}} ), depth0)) != null ? stack1 : "")
    + ",\n    headers: "
    + ((stack1 = alias2(alias1(depth0, "headersLiteral", {"start":{"line":18,"column":16},"end":{"line":18,"column":30}} ), depth0)) != null ? stack1 : "")
    + ",\n    inputRequests: "
    + ((stack1 = alias2(alias1(depth0, "inputRequestsLiteral", {"start":{"line":19,"column":22},"end":{"line":19,"column":42}} ), depth0)) != null ? stack1 : "")
    + ",\n  },\n";
},"3":function(container,depth0,helpers,partials,data) {
    var stack1;

  return "\n/** The @mcp-gen/runtime versions this code was generated for: `mcp-gen check` reports an installed runtime outside them. */\nexport const RUNTIME_RANGE = "
    + ((stack1 = container.lambda(container.strict(depth0, "runtimeRange", {"start":{"line":30,"column":32},"end":{"line":30,"column":44}} ), depth0)) != null ? stack1 : "")
    + ";\n";
},"compiler":[8,">= 4.3.0"],"main":function(container,depth0,helpers,partials,data) {
    var stack1, alias1=container.strict, alias2=container.lambda, alias3=depth0 != null ? depth0 : (container.nullContext || {}), lookupProperty = container.lookupProperty || function(parent, propertyName) {
        if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
          return parent[propertyName];
        }
        return undefined
    };

  return ((stack1 = alias2(alias1(depth0, "banner", {"start":{"line":1,"column":3},"end":{"line":1,"column":9}} ), depth0)) != null ? stack1 : "")
    + "\nimport { buildToolTable, type ToolEntry, type ToolTable } from \""
    + ((stack1 = alias2(alias1(depth0, "toolTableRuntime", {"start":{"line":2,"column":67},"end":{"line":2,"column":83}} ), depth0)) != null ? stack1 : "")
    + "\";\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"toolImports"),{"name":"each","hash":{},"fn":container.program(0, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":3,"column":0},"end":{"line":5,"column":9}}})) != null ? stack1 : "")
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"validatorImports"),{"name":"each","hash":{},"fn":container.program(1, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":6,"column":0},"end":{"line":8,"column":9}}})) != null ? stack1 : "")
    + "\n/** Every tool, sorted by name: the exact descriptors tools/list serves, with their validators. */\nexport const TOOL_ENTRIES: readonly ToolEntry[] = [\n"
    + ((stack1 = lookupProperty(helpers,"each").call(alias3,lookupProperty(depth0,"entries"),{"name":"each","hash":{},"fn":container.program(2, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":12,"column":0},"end":{"line":21,"column":9}}})) != null ? stack1 : "")
    + "];\n\n/** Built once at module load: list pages, cursors and the name → entry map. */\nexport const TOOL_TABLE: ToolTable = buildToolTable(TOOL_ENTRIES, "
    + ((stack1 = alias2(alias1(depth0, "pageSize", {"start":{"line":26,"column":69},"end":{"line":26,"column":77}} ), depth0)) != null ? stack1 : "")
    + ", "
    + ((stack1 = alias2(alias1(depth0, "versionLiteral", {"start":{"line":26,"column":85},"end":{"line":26,"column":99}} ), depth0)) != null ? stack1 : "")
    + ");\n"
    + ((stack1 = lookupProperty(helpers,"if").call(alias3,lookupProperty(depth0,"runtimeRange"),{"name":"if","hash":{},"fn":container.program(3, data, 0),"inverse":container.noop,"data":data,"loc":{"start":{"line":27,"column":0},"end":{"line":31,"column":7}}})) != null ? stack1 : "");
},"useData":true},
  },
};
