// The SQL-count protocol shared by both servers: after each request the server appends "<count>\n" to the file
// named by env RAILS2TS_SQL_LOG, before the response is complete. The reader takes the lines that appeared
// since the previous response.
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";

export const SQL_LOG_ENV = "RAILS2TS_SQL_LOG";

// A server that writes its line while the last bytes are already on the wire gets this long to finish it.
const GRACE_MS = 100;
const POLL_MS = 5;

/** A per-request log the server appends one line to before each response completes (SQL counts, cache activity). */
export class RequestLogReader<T> {
  private offset: number;

  constructor(
    private readonly path: string,
    private readonly parse: (line: string, path: string) => T,
  ) {
    this.offset = existsSync(path) ? statSync(path).size : 0;
  }

  /** The line for the response just received: the last new line, or null when the server wrote none. */
  async next(): Promise<T | null> {
    if (!existsSync(this.path)) return null;
    const deadline = Date.now() + GRACE_MS;
    let lines = this.readNewLines();
    while (lines.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      lines = this.readNewLines();
    }
    if (lines.length === 0) return null;
    return this.parse(lines[lines.length - 1]!, this.path);
  }

  // Only whole lines are consumed; a half-written line waits for the next read.
  private readNewLines(): string[] {
    const size = statSync(this.path).size;
    if (size <= this.offset) return [];
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.path, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    const text = buffer.toString("utf8");
    const end = text.lastIndexOf("\n");
    if (end < 0) return [];
    this.offset += Buffer.byteLength(text.slice(0, end + 1), "utf8");
    return text.slice(0, end).split("\n");
  }
}

export class SqlLogReader extends RequestLogReader<number> {
  constructor(path: string) {
    super(path, (line, at) => {
      const count = Number(line);
      if (!Number.isInteger(count) || count < 0) throw new Error(`SQL log ${at}: bad line ${line}`);
      return count;
    });
  }
}
