import { serveApp } from "rails2ts/runtime";
import { app } from "./app.js";
const port = Number(process.env.PORT ?? 3000);
serveApp(app, { port, host: process.env.HOST ?? "127.0.0.1" });
