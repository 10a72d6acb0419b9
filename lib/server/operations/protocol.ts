import "server-only";

/**
 * What an operator command and the server that owns the embedded database say to each other over
 * the control socket: one request line, then output lines and a last line with the exit code, each a
 * JSON object. Paths in `args` are read relative to `cwd`, the command's working directory.
 */
export interface CommandRequest {
  secret: string;
  command: string;
  args: string[];
  cwd: string;
  /** The command's process, for the server's log. */
  pid: number;
}

/** `stopping`: the server is closing its database and ran nothing; the command waits for the folder to be free. */
export type CommandAnswer = { out: string } | { err: string } | { exit: number } | { stopping: true };

/** Where a command writes, the same whether it runs in its own process or in the server's. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** A request larger than this is not a command line anyone typed. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
