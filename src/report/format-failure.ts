// A command that failed before it could report (bad usage, or a bug in mcp-gen) → the document its
// --format promised, so that a file the output was sent to (`check --format sarif > mcp-gen.sarif`)
// is never left empty: SARIF says the run did not complete (GitHub code scanning then records a
// failed analysis instead of refusing the upload or taking it for a clean one), JSON names the
// failure.

export interface CommandFailure {
  readonly command: string;
  readonly exitCode: number;
  /** One or more sentences, as printed on stderr. */
  readonly message: string;
}

export interface FailureToolInfo {
  readonly toolVersion: string;
  readonly informationUri: string;
}

export type StructuredFormat = "json" | "sarif";

export function formatFailure(format: StructuredFormat, failure: CommandFailure, tool: FailureToolInfo): string {
  if (format === "json") return JSON.stringify({ failure }, null, 2) + "\n";
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "mcp-gen", version: tool.toolVersion, informationUri: tool.informationUri, rules: [] } },
        invocations: [
          {
            executionSuccessful: false,
            exitCode: failure.exitCode,
            commandLine: `mcp-gen ${failure.command}`,
            toolExecutionNotifications: [{ level: "error", message: { text: failure.message } }],
          },
        ],
        results: [],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}
