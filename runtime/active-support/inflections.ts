// ActiveSupport::Inflector::Inflections: the rule tables, with Rails' English rules
// (activesupport/lib/active_support/inflections.rb) loaded in the same order, so the
// most recently added rule wins exactly as in Ruby. Apps add rules via `inflections("en").plural(...)`
// (config/initializers/inflections.rb lowers to those calls).

/** A rule: regexp (or literal string) and a Ruby-style replacement (`\1` backreferences). */
export type InflectionRule = [RegExp | string, string];

/** Ruby `/foo(?i)bar/` has no JS equivalent before Node 23: spell the tail case-insensitively. */
function caseless(s: string): string {
  return Array.from(s)
    .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRegExp(c)))
    .join("");
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
}

export class Inflections {
  plurals: InflectionRule[] = [];
  singulars: InflectionRule[] = [];
  humans: InflectionRule[] = [];
  uncountables: string[] = [];
  acronyms: Record<string, string> = {};
  private uncountableRes: RegExp[] = [];
  /** Bumped by every change of the plural, singular or uncountable rules (what pluralize/singularize remember). */
  version = 0;
  /** Bumped by every change of the human rules or acronyms (what humanize remembers). */
  humanVersion = 0;

  plural(rule: RegExp | string, replacement: string): void {
    this.version++;
    if (typeof rule === "string") this.deleteUncountable(rule);
    this.deleteUncountable(replacement);
    this.plurals.unshift([rule, replacement]);
  }
  singular(rule: RegExp | string, replacement: string): void {
    this.version++;
    if (typeof rule === "string") this.deleteUncountable(rule);
    this.deleteUncountable(replacement);
    this.singulars.unshift([rule, replacement]);
  }
  human(rule: RegExp | string, replacement: string): void {
    this.humanVersion++;
    this.humans.unshift([rule, replacement]);
  }
  acronym(word: string): void {
    this.humanVersion++;
    this.acronyms[word.toLowerCase()] = word;
  }
  uncountable(...words: (string | string[])[]): void {
    this.version++;
    for (const w of words.flat().map((x) => x.toLowerCase())) {
      this.uncountables.push(w);
      // Ruby's to_regex: /\b#{word}\Z/i (\Z: the end, or before a newline that ends the string).
      this.uncountableRes.push(new RegExp(`\\b${escapeRegExp(w)}(?=\\n?$)`, "i"));
    }
  }
  isUncountable(word: string): boolean {
    return this.uncountableRes.some((re) => re.test(word));
  }
  irregular(singular: string, plural: string): void {
    this.deleteUncountable(singular);
    this.deleteUncountable(plural);
    const [s0, srest, p0, prest] = [singular[0]!, singular.slice(1), plural[0]!, plural.slice(1)];
    if (s0.toUpperCase() === p0.toUpperCase()) {
      this.plural(new RegExp(`(${s0})${srest}${RUBY_EOL}`, "i"), "\\1" + prest);
      this.plural(new RegExp(`(${p0})${prest}${RUBY_EOL}`, "i"), "\\1" + prest);
      this.singular(new RegExp(`(${s0})${srest}${RUBY_EOL}`, "i"), "\\1" + srest);
      this.singular(new RegExp(`(${p0})${prest}${RUBY_EOL}`, "i"), "\\1" + srest);
    } else {
      for (const [from, rest, to, toRest] of [[s0, srest, p0, prest], [p0, prest, p0, prest]] as const) {
        this.plural(new RegExp(`${from.toUpperCase()}${caseless(rest)}${RUBY_EOL}`), to.toUpperCase() + toRest);
        this.plural(new RegExp(`${from.toLowerCase()}${caseless(rest)}${RUBY_EOL}`), to.toLowerCase() + toRest);
      }
      for (const [from, rest] of [[s0, srest], [p0, prest]] as const) {
        this.singular(new RegExp(`${from.toUpperCase()}${caseless(rest)}${RUBY_EOL}`), s0.toUpperCase() + srest);
        this.singular(new RegExp(`${from.toLowerCase()}${caseless(rest)}${RUBY_EOL}`), s0.toLowerCase() + srest);
      }
    }
  }
  private deleteUncountable(word: string): void {
    const i = this.uncountables.indexOf(word);
    if (i < 0) return;
    this.version++;
    this.uncountables.splice(i, 1);
    this.uncountableRes.splice(i, 1);
  }
}

/**
 * A rule as Ruby reads it: `^` and `$` are line anchors in Ruby (`"java\nscript".pluralize` is "javas\nscript"), JS's
 * are the input's ends. The rules written here use them only as anchors (a `^` inside `[...]` is a negation).
 */
/** Ruby's `$`: before a newline or at the end. */
const RUBY_EOL = "(?=\\n|$)";

function rubyAnchored(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/(?<!\[)\^/g, "(?<=^|\n)").replace(/\$/g, "(?=\n|$)"), re.flags);
}

function loadEnglish(inflect: Inflections): void {
  const plurals: [RegExp, string][] = [
    [/$/, "s"], [/s$/i, "s"], [/^(ax|test)is$/i, "\\1es"], [/(octop|vir)us$/i, "\\1i"], [/(octop|vir)i$/i, "\\1i"],
    [/(alias|status)$/i, "\\1es"], [/(bu)s$/i, "\\1ses"], [/(buffal|tomat)o$/i, "\\1oes"], [/([ti])um$/i, "\\1a"],
    [/([ti])a$/i, "\\1a"], [/sis$/i, "ses"], [/(?:([^f])fe|([lr])f)$/i, "\\1\\2ves"], [/(hive)$/i, "\\1s"],
    [/([^aeiouy]|qu)y$/i, "\\1ies"], [/(x|ch|ss|sh)$/i, "\\1es"], [/(matr|vert|ind)(?:ix|ex)$/i, "\\1ices"],
    [/^(m|l)ouse$/i, "\\1ice"], [/^(m|l)ice$/i, "\\1ice"], [/^(ox)$/i, "\\1en"], [/^(oxen)$/i, "\\1"], [/(quiz)$/i, "\\1zes"],
  ];
  const singulars: [RegExp, string][] = [
    [/s$/i, ""], [/(ss)$/i, "\\1"], [/(n)ews$/i, "\\1ews"], [/([ti])a$/i, "\\1um"],
    [/((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$/i, "\\1sis"], [/(^analy)(sis|ses)$/i, "\\1sis"],
    [/([^f])ves$/i, "\\1fe"], [/(hive)s$/i, "\\1"], [/(tive)s$/i, "\\1"], [/([lr])ves$/i, "\\1f"],
    [/([^aeiouy]|qu)ies$/i, "\\1y"], [/(s)eries$/i, "\\1eries"], [/(m)ovies$/i, "\\1ovie"], [/(x|ch|ss|sh)es$/i, "\\1"],
    [/^(m|l)ice$/i, "\\1ouse"], [/(bus)(es)?$/i, "\\1"], [/(o)es$/i, "\\1"], [/(shoe)s$/i, "\\1"],
    [/(cris|test)(is|es)$/i, "\\1is"], [/^(a)x[ie]s$/i, "\\1xis"], [/(octop|vir)(us|i)$/i, "\\1us"],
    [/(alias|status)(es)?$/i, "\\1"], [/^(ox)en/i, "\\1"], [/(vert|ind)ices$/i, "\\1ex"], [/(matr)ices$/i, "\\1ix"],
    [/(quiz)zes$/i, "\\1"], [/(database)s$/i, "\\1"],
  ];
  for (const [r, s] of plurals) inflect.plural(rubyAnchored(r), s);
  for (const [r, s] of singulars) inflect.singular(rubyAnchored(r), s);
  for (const [s, p] of [["person", "people"], ["man", "men"], ["child", "children"], ["sex", "sexes"], ["move", "moves"], ["zombie", "zombies"]]) {
    inflect.irregular(s!, p!);
  }
  inflect.uncountable(["equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans", "police"]);
}

/** Every locale's rule set: one per app. The compiler makes one per compile (two apps in one process). */
export type InflectionRegistry = Map<string, Inflections>;

export function createInflectionRegistry(): InflectionRegistry {
  return new Map();
}

let current: InflectionRegistry = createInflectionRegistry();

/**
 * Runs `fn` with `registry` as the inflections every inflector call reads, then puts the previous one back. The
 * compiler's analysis and lowering are synchronous, so no other compile interleaves inside `fn`.
 */
export function withInflections<T>(registry: InflectionRegistry, fn: () => T): T {
  const previous = current;
  current = registry;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

/** ActiveSupport::Inflector.inflections(locale): the (mutable) rule set of a locale. */
export function inflections(locale = "en"): Inflections {
  let set = current.get(locale);
  if (!set) {
    set = new Inflections();
    if (locale === "en") loadEnglish(set);
    current.set(locale, set);
  }
  return set;
}
