// The names mcp-gen's templates declare themselves, in each scope that a tool's generated names
// (names.ts) also go into: a tool must never be named onto one of them. Kept by hand, and checked
// against the generated code: test/emit/declared-names.test.ts reads every module a build writes with
// ts-morph and fails when a template declares a name that is not listed here (or one listed is gone).

export const DECLARED_NAMES = {
  /** ToolsClient's own members (client.ts); each tool's method (`camel`) sits beside them. */
  clientMembers: ["checkTools", "client", "close", "connectHttp", "connectStdio", "constructor", "listTools"],
  /** What client.ts declares, imports or exports; it imports each tool's `${pascal}Arguments` and `${pascal}Result`. */
  client: [
    "CallOptions",
    "Client",
    "ConnectOptions",
    "ContentBlock",
    "DriftPolicy",
    "ListToolsOptions",
    "ListedTools",
    "PinGuard",
    "RefusedTool",
    "StdioServer",
    "TOOL_ENTRIES",
    "TOOL_PINS",
    "TOOL_TABLE",
    "ToolArgumentsError",
    "ToolDrift",
    "ToolDriftError",
    "ToolOutcome",
    "ToolOutputError",
    "ToolPart",
    "ToolPin",
    "ToolsClient",
    "ToolsClientOptions",
    "callTypedTool",
    "checkNewConnection",
    "connectHttpClient",
    "connectStdioClient",
    "entry",
    "listPinnedTools",
    "precompiledValidators",
    "watchTools",
    "withToolWatch",
    "withValidators",
  ],
  /** What server.ts declares, imports or exports; it imports each tool's `${pascal}Types`. */
  server: [
    "AskOptions",
    "GeneratedHttpHandler",
    "HttpHandlerOptions",
    "HttpServing",
    "InputAnswer",
    "InputRequired",
    "MAX_REQUEST_BYTES",
    "NoInputs",
    "RequestStateOptions",
    "SERVER_DEFAULTS",
    "ServeHttpOptions",
    "Server",
    "ServerRuntimeOptions",
    "TOOL_TABLE",
    "ToolContent",
    "ToolContext",
    "ToolError",
    "ToolHandler",
    "ToolHandlers",
    "ToolInputs",
    "ToolNotImplementedError",
    "ToolReturn",
    "ToolTypes",
    "createHttpHandler",
    "createServerFactory",
    "createToolHttpHandler",
    "createToolServerFactory",
    "duplicateMcpHeaderValidation",
    "mcpRequestValidation",
    "randomRequestStateKey",
    "serveHttp",
    "toolResult",
  ],
  /** What index.ts exports besides the tools' types (server.ts's and client.ts's exports); it exports all four type names of each tool. */
  index: [
    "AskOptions",
    "DriftPolicy",
    "InputAnswer",
    "InputRequired",
    "ListedTools",
    "MAX_REQUEST_BYTES",
    "RefusedTool",
    "RequestStateOptions",
    "SERVER_DEFAULTS",
    "StdioServer",
    "TOOL_ENTRIES",
    "TOOL_PINS",
    "TOOL_TABLE",
    "ToolArgumentsError",
    "ToolContext",
    "ToolDrift",
    "ToolDriftError",
    "ToolError",
    "ToolHandlers",
    "ToolInputs",
    "ToolNotImplementedError",
    "ToolOutcome",
    "ToolOutputError",
    "ToolPart",
    "ToolReturn",
    "ToolTypes",
    "ToolsClient",
    "ToolsClientOptions",
    "createToolHttpHandler",
    "createToolServerFactory",
    "duplicateMcpHeaderValidation",
    "handlers",
    "mcpRequestValidation",
    "randomRequestStateKey",
    "serveHttp",
    "toolResult",
  ],
  /** What handlers.ts declares or imports; it imports each tool's handler as `camel`. */
  handlers: ["ToolHandlers", "handlers"],
  /** What a handler stub declares or imports; it exports the tool's handler as `camel`. */
  handlerStub: ["ToolHandlers", "ToolNotImplementedError"],
  /**
   * What tools.ts declares or imports; it imports each tool's descriptor as `descriptor` and its
   * validators as `validate${pascal}…` (validator-names.ts), which no name here starts with.
   */
  tools: ["RUNTIME_RANGE", "TOOL_ENTRIES", "TOOL_TABLE", "ToolEntry", "ToolTable", "buildToolTable"],
  /**
   * What a validator module declares or imports besides its validators' ids (`v_<hex>`); it exports
   * each tool's validators as `validate${pascal}…`, which neither these nor an id can be. `__rt` is
   * imported only where a validator uses the runtime, and kept off tools' names everywhere.
   */
  validators: ["CompiledValidator", "__rt"],
  /**
   * What a tool module declares or imports besides its types; it declares the tool's `descriptor`.
   * Only names that start with a lower-case letter belong here: json-schema-to-typescript declares
   * the types after titles, `$defs` keys and property names, and never a name that starts with one.
   */
  toolModule: ["mcpGen"],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/**
 * Names no method of an object should have, whatever its class: Object.prototype's members, which
 * string conversion, comparisons and libraries call on any object, and the methods the language and
 * JSON look for (`then`: `await` takes an object that has one for a promise; `toJSON`: JSON.stringify).
 */
export const OBJECT_PROTOCOL = [
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "then",
  "toJSON",
  "toLocaleString",
  "toString",
  "valueOf",
] as const;

/** JavaScript's reserved words, and the names strict code (every module) cannot declare. */
export const RESERVED_WORDS = (
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
  "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
  "implements interface package private protected public await any boolean number string symbol object never unknown " +
  "undefined bigint eval arguments"
).split(" ");
