// The ceiling lane: node:http answering each benchmarked path with the page bytes held in memory (status,
// Content-Type and body captured from the emitted app), no routing beyond one Map lookup, no database. What
// the emitted app would do if rendering cost nothing. Usage: node ceiling-server.js PAGES_JSON PORT
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [pagesFile, portArg] = process.argv.slice(2);
/** @type {Record<string, {status: number, contentType: string, body: string}>} body is base64 */
const pages = JSON.parse(readFileSync(pagesFile, "utf8"));
const byPath = new Map(
  Object.entries(pages).map(([path, p]) => [path, { status: p.status, contentType: p.contentType, body: Buffer.from(p.body, "base64") }]),
);

const server = createServer((req, res) => {
  const page = byPath.get(req.url ?? "");
  if (!page) {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end("not a benchmarked path");
  }
  res.writeHead(page.status, { "content-type": page.contentType, "content-length": page.body.length });
  res.end(page.body);
});

server.listen(Number(portArg ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : portArg}`);
});
process.on("SIGTERM", () => process.exit(0));
