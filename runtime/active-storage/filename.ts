// ActiveStorage::Filename (activestorage 7.2 app/models/active_storage/filename.rb): what Blob#filename answers,
// and so `user.avatar.filename` (Attached::One -> its attachment -> the blob, by delegate_missing_to).
//   filename.to_s / "#{filename}"     the sanitized name: " a/b:c.txt " -> "a-b-c.txt"
//   filename.base / extension         File.basename / File.extname without the dot ("racecar", "jpg")
//   a <=> b, a == b                   by their to_s, case-insensitively (Comparable)
import { basename, extname } from "node:path";
import { toS } from "../ruby/ruby.js";

export class ActiveStorageFilename {
  static readonly rubyName = "ActiveStorage::Filename";
  constructor(private readonly filename: string) {}

  static wrap(filename: unknown): ActiveStorageFilename {
    return filename instanceof ActiveStorageFilename ? filename : new ActiveStorageFilename(String(filename));
  }

  base(): string {
    return basename(this.filename, this.extensionWithDelimiter());
  }

  extensionWithDelimiter(): string {
    return extname(this.filename);
  }

  extensionWithoutDelimiter(): string {
    return this.extensionWithDelimiter().slice(1);
  }

  extension(): string {
    return this.extensionWithoutDelimiter();
  }

  /** Surrounding whitespace stripped; the right-to-left override, path and shell characters as "-". */
  sanitized(): string {
    return this.filename.replace(/^[ \t\n\v\f\r\0]+|[ \t\n\v\f\r\0]+$/g, "").replace(/[\u202E%$|:;/\t\r\n\\]/g, "-");
  }

  toS(): string {
    return this.sanitized();
  }

  toRubyString(): string {
    return this.sanitized();
  }

  asJson(): string {
    return this.sanitized();
  }

  toJSON(): string {
    return this.sanitized();
  }

  compare(other: unknown): number {
    const [a, b] = [this.sanitized().toLowerCase(), (other instanceof ActiveStorageFilename ? other.sanitized() : toS(other)).toLowerCase()];
    return a < b ? -1 : a > b ? 1 : 0;
  }

  isEqual(other: unknown): boolean {
    return this.compare(other) === 0;
  }
}
