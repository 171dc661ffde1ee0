// Why talking to a live server failed, as plain data the CLI prints (exit 2). Every way a server can
// misbehave ends here with a sentence, never as a stack trace.

export type LiveProblemKind = "start-failed" | "connect-failed" | "timeout" | "closed" | "rpc-error" | "bad-response" | "bad-tool" | "duplicate-name" | "too-many-pages" | "cursor-loop";

export interface LiveProblem {
  readonly kind: LiveProblemKind;
  /** One sentence about what the server did. */
  readonly message: string;
  /** Lines the server wrote to stderr last, when it is a local process that failed. */
  readonly stderr?: string;
}

export type LiveResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: LiveProblem };

export function liveProblem(kind: LiveProblemKind, message: string): { readonly ok: false; readonly problem: LiveProblem } {
  return { ok: false, problem: { kind, message } };
}
