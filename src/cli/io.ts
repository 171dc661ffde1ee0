// The command line's connection to the outside world, passed in so commands run in tests as they do
// in a terminal.

export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colours, progress). */
  readonly isTty: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
}

export function processIo(): CliIo {
  // A closed pipe (`mcp-gen validate | head`) is the reader's choice, not an error: stop writing quietly.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  return {
    cwd: process.cwd(),
    env: process.env,
    isTty: Boolean(process.stdout.isTTY),
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  };
}

/** Exit codes of DESIGN.md: 0 success, 1 problems found, 2 bad usage or configuration; 70 a bug in mcp-gen (EX_SOFTWARE). */
export const EXIT = { ok: 0, problems: 1, usage: 2, internal: 70, system: 74 } as const;
