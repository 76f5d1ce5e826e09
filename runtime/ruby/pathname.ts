// Ruby's Pathname (the standard library), as far as apps use what Rails.root answers:
//   Rails.root.join("app/assets/images/x.svg")   a Pathname under the app's root
//   path.to_s / "#{path}"                         its String
//   path.exist? / file? / read / basename / extname / dirname
//   path.mkpath                                   FileUtils.mkdir_p (an initializer's storage directories)
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, extname } from "node:path";

export class Pathname {
  constructor(readonly path: string) {}

  /** Pathname#join (Pathname#+ per part): an absolute part starts afresh; `a` + `b` is `a/b`, one slash between. */
  join(...parts: unknown[]): Pathname {
    let path = this.path;
    for (const part of parts) {
      const text = part instanceof Pathname ? part.path : String(part);
      if (text.startsWith("/")) path = text;
      else if (text !== "") path = path.endsWith("/") ? `${path}${text}` : `${path}/${text}`;
    }
    return new Pathname(path);
  }

  toRubyString(): string {
    return this.path;
  }

  toPath(): string {
    return this.path;
  }

  toString(): string {
    return this.path;
  }

  isExist(): boolean {
    return existsSync(this.path);
  }

  isFile(): boolean {
    return existsSync(this.path) && statSync(this.path).isFile();
  }

  read(): string {
    return readFileSync(this.path, "utf8");
  }

  basename(): Pathname {
    return new Pathname(basename(this.path));
  }

  extname(): string {
    return extname(this.path);
  }

  dirname(): Pathname {
    return new Pathname(dirname(this.path));
  }

  /** Pathname#mkpath: the directory and its parents; nil, as FileUtils.mkdir_p's caller gets from Pathname. */
  mkpath(): null {
    mkdirSync(this.path, { recursive: true });
    return null;
  }
}
