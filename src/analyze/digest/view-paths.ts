// The template lookup the digestor needs, as Rails 7.2 does it over app/views (ActionView::TemplatePath,
// Resolver::PathParser, FileSystemResolver#find_all, TemplateDetails matching and sorting), over files in memory:
//   TemplatePath.parse("posts/_post")                parseTemplatePath("posts/_post")
//   PathParser#parse("posts/_post.en.html+phone.erb") resolver.parse(...) -> virtual + locale/format/variant/handler
//   finder.find_all("post", ["posts"], true).first   resolver.findAll("post", "posts", true, details)[0]
//   resolver.all_template_paths                      resolver.allTemplatePaths()

/** A file under a view path (app/views), its path relative to that directory and its bytes. */
export interface ViewFile {
  path: string;
  source: string | Uint8Array;
}

export interface TemplatePath {
  name: string;
  prefix: string;
  partial: boolean;
  virtual: string;
}

/** What a template's file name says about it (TemplateDetails); null where the name does not say. */
export interface ResolvedTemplate {
  /** Stands for Rails' template.identifier (the file's path): unique per file. */
  identifier: string;
  virtualPath: string;
  locale: string | null;
  format: string | null;
  variant: string | null;
  handler: string | null;
  /** The file's bytes, as Template::Sources::File reads them (binread). */
  source: Uint8Array;
}

/** A LookupContext's details: what a render asks for. */
export interface LookupDetails {
  formats: string[];
  locale?: string[];
  variants?: string[];
  handlers?: string[];
}

/** What the app registers, which decides how file names split (recorded from a Rails 7.2 app with jbuilder). */
export interface ResolverOptions {
  handlers?: string[];
  mimeFormats?: string[];
  availableLocales?: string[];
}

export const RAILS_HANDLERS = ["raw", "erb", "html", "builder", "ruby", "jbuilder"];
export const RAILS_MIME_FORMATS = [
  "html", "text", "js", "css", "ics", "csv", "vcf", "vtt", "png", "jpeg", "gif", "bmp", "tiff", "svg", "webp", "mpeg",
  "mp3", "ogg", "m4a", "webm", "mp4", "otf", "ttf", "woff", "woff2", "xml", "rss", "atom", "yaml", "multipart_form",
  "url_encoded_form", "json", "pdf", "zip", "gzip",
];

export function parseTemplatePath(virtual: string): TemplatePath {
  const idx = virtual.lastIndexOf("/");
  let prefix = idx >= 0 ? virtual.slice(0, idx) : "";
  let name = idx >= 0 ? virtual.slice(idx + 1) : virtual;
  if (prefix.startsWith("/")) prefix = prefix.slice(1);
  const partial = name.startsWith("_");
  if (partial) name = name.slice(1);
  return { name, prefix, partial, virtual };
}

export function virtualPath(name: string, prefix: string, partial: boolean): string {
  if (prefix === "") return `${partial ? "_" : ""}${name}`;
  return partial ? `${prefix}/_${name}` : `${prefix}/${name}`;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");

/** Resolver::PathParser#build_path_regex: lazy optional parts, so ambiguous names split as Ruby splits them. */
function pathRegex(o: Required<ResolverOptions>): RegExp {
  const handlers = o.handlers.map(escapeRe).join("|");
  const formats = o.mimeFormats.map(escapeRe).join("|");
  const locales = [...o.availableLocales.map(escapeRe), "[a-z]{2}(?:[-_][A-Z]{2})?"].join("|");
  return new RegExp(
    `^(?:(?<prefix>.*)\\/)?(?<partial>_)?(?<action>.*?)(?:\\.(?<locale>${locales}))??` +
      `(?:\\.(?<format>${formats}))??(?:\\+(?<variant>[^.]*))??(?:\\.(?<handler>${handlers}))?$`,
  );
}

const toBytes = (source: string | Uint8Array) => (typeof source === "string" ? Buffer.from(source, "utf8") : source);

/** A FileSystemResolver over files held in memory (one view path). */
export class ViewResolver {
  readonly handlers: string[];
  private readonly templates: ResolvedTemplate[];
  private readonly paths: string[];

  constructor(files: ViewFile[], options: ResolverOptions = {}) {
    const o = {
      handlers: options.handlers ?? RAILS_HANDLERS,
      mimeFormats: options.mimeFormats ?? RAILS_MIME_FORMATS,
      availableLocales: options.availableLocales ?? ["en"],
    };
    this.handlers = o.handlers;
    const regex = pathRegex(o);
    this.paths = files.map((f) => f.path);
    this.templates = files.map((f) => {
      const g = regex.exec(f.path)!.groups!;
      return {
        identifier: f.path,
        virtualPath: virtualPath(g.action!, g.prefix ?? "", g.partial !== undefined),
        locale: g.locale ?? null, format: g.format ?? null, variant: g.variant ?? null, handler: g.handler ?? null,
        source: toBytes(f.source),
      };
    });
  }

  /** FileSystemResolver#_find_all: the files of that virtual path that match the details, best first. */
  findAll(name: string, prefix: string, partial: boolean, details: LookupDetails): ResolvedTemplate[] {
    if (name.includes(".")) return [];
    const virtual = virtualPath(name, prefix, partial);
    const idx = {
      format: indexOf(details.formats), locale: indexOf(details.locale ?? ["en"]),
      variant: indexOf(details.variants ?? []), handler: indexOf(details.handlers ?? this.handlers),
    };
    const keyed = this.templates
      .filter((t) => t.virtualPath === virtual)
      .map((t) => ({ t, key: [idx.format.get(t.format), idx.locale.get(t.locale), idx.variant.get(t.variant), idx.handler.get(t.handler)] }))
      .filter(({ key }) => key.every((k) => k !== undefined)) as Array<{ t: ResolvedTemplate; key: number[] }>;
    return keyed.sort((a, b) => compareKeys(a.key, b.key)).map(({ t }) => t);
  }

  /** The template a file under the view path stands for. */
  templateAt(path: string): ResolvedTemplate | null {
    return this.templates.find((t) => t.identifier === path) ?? null;
  }

  /** FileSystemResolver#all_template_paths: every file, its extensions dropped, as a TemplatePath (uniq). */
  allTemplatePaths(): TemplatePath[] {
    const stripped = this.paths.map((p) => p.replace(/\.[^/]*$/, ""));
    return [...new Set(stripped)].map(parseTemplatePath);
  }
}

/** TemplateDetails::Requested#build_idx_hash: position in the request, nil (unspecified) last; `to_h` keeps
 * the last index of a repeated value. */
function indexOf(values: string[]): Map<string | null, number> {
  return new Map([...values, null].map((v, i) => [v, i]));
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
