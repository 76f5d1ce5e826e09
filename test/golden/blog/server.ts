import { serveApp } from "rails2ts/runtime";
import { app } from "./app.js";
const port = Number(process.env.PORT ?? 3000);
/** Resolves with the listening server (null in the primary of workers), for whoever imported this module to read its port. */
export const server = serveApp(app, { port, host: process.env.HOST ?? "127.0.0.1" });
