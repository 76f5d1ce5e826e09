// The app2 lane's constants (Freebooks; test/app2/setup-rails.sh says which commit and how it is assembled).
import { createHash } from "node:crypto";
import { join } from "node:path";

export const APP2_DIR = join(import.meta.dirname, "../app2");
/** secret_key_base of both sides: sha512("app2ref"), as setup-rails.sh computes it. */
export const APP2_SECRET = createHash("sha512").update("app2ref").digest("hex").slice(0, 128);
