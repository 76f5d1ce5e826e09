// A node:http server that plays back a recorded Rails reference in order, speaking the SQL-log protocol (one count per
// response), for conformance tests that replay against Rails' own answers; `tamper` changes a response on its way.
import { appendFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { StartServer } from "../../src/conformance/conformance.js";
import type { ReplayedResponse } from "../../src/conformance/replay.js";

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export function playback(reference: ReplayedResponse[], received: Received[], tamper: (i: number, r: ReplayedResponse) => ReplayedResponse = (_i, r) => r): StartServer {
  return async ({ sqlLogPath }) => {
    let next = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
        const i = next++;
        const r = tamper(i, reference[i]!);
        const headers: Record<string, string> = {};
        if (r.contentType !== null) headers["content-type"] = r.contentType;
        if (r.location !== null) headers.location = r.location;
        if (i === 0) headers["set-cookie"] = "_blog_session=s3ss10n; path=/; httponly; samesite=lax";
        if (r.sqlCount !== null) appendFileSync(sqlLogPath, `${r.sqlCount}\n`);
        res.writeHead(r.status, headers);
        res.end(r.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  };
}
