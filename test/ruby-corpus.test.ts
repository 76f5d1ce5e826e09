// The Ruby semantics corpus (issue 13): every `c_*` case of test/fixtures/ruby-corpus/*.rb is a plain Ruby class
// method placed in app/models of one throwaway app, compiled by the real compiler (parseApp -> analyzeApp ->
// lowerApp) once, called, and its `inspect` (or `!! ErrorClass: message`) compared with what Ruby 3.3 +
// ActiveSupport 7.2 answered (expected.json, recorded by record.rb in the chroot). A compile-time diagnostic on
// a case's file fails that case. Cases that do not pass yet are listed in KNOWN_FAILURES and run as it.fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseApp } from "../src/parse/app.js";
import { analyzeApp } from "../src/analyze/app-model.js";
import { lowerApp } from "../src/lower/index.js";
import { inspect } from "../runtime/support/ruby.js";
import { ModuleLoader } from "./vectors/loader.js";

const CORPUS = join(__dirname, "fixtures/ruby-corpus");
type Family = { class: string; cases: Record<string, string> };
const expected = JSON.parse(readFileSync(join(CORPUS, "expected.json"), "utf8")) as Record<string, Family>;

/** `{ "c" => 2 }` is a plain object at run time: inspect cannot tell its identifier-like String keys from Symbols. */
const STRING_KEY_AS_SYMBOL = "a String key that reads as an identifier inspects as a Symbol (plain-object Hash)";
/** Symbols are JS strings at run time, so `inspect(:sym)` prints `"sym"`. */
const SYMBOL_AS_STRING = "a Symbol value is a JS string at run time; inspect prints it as a String";

/** A Ruby core/ActiveSupport method the runtime lacks: the case raises NoMethodError/TypeError at run time. */
const MISSING_METHOD = "method missing from the runtime's core classes (raises at run time)";
/** The compiler declines the call (a runtime raise naming it): Hash.new with a default, Array.wrap. */
const DECLINED = "declined by the compiler (raises 'not lowered' at run time)";
/** SILENTLY WRONG: `a.push(x)` / `a << x` chained answers JS's new length instead of the Array. */
const JS_MUTATOR_RESULT = "silently wrong: Array#push answers JS's length, not the receiver";
/** SILENTLY WRONG: a block argument dropped (`sort { |a, b| b <=> a }`, `gsub(re) { }` stringifies the arrow). */
const BLOCK_IGNORED = "silently wrong: the block is ignored or stringified";
/** SILENTLY WRONG: `split(",", 2)`'s limit is dropped. */
const ARG_IGNORED = "silently wrong: an argument is dropped";
/** SILENTLY WRONG: format's %x is printed literally. */
const FORMAT_DIRECTIVE = "silently wrong: format directive not implemented";
/** SILENTLY WRONG: `"%.1f" % 2.25` rounds half up; Ruby rounds the exact binary value half to even ("2.2"). */
const FLOAT_ROUNDING = "silently wrong: %.Nf rounding differs from C's printf";
/** SILENTLY WRONG: `"hello"[-2..]` (endless range index) answers "". */
const ENDLESS_RANGE_INDEX = "silently wrong: endless range as a String index";
/** SILENTLY WRONG: `str[/re/]` answers "" instead of the match. */
const REGEXP_INDEX = "silently wrong: Regexp as a String index";
/** Literal strings are frozen at run time as JS strings; `# frozen_string_literal` absent, Ruby's are not. */
const FROZEN_LITERAL = "strings are immutable JS strings: frozen?/FrozenError differ from Ruby's mutable literals";
/** `{ 1 => [2] }`: integer keys become JS object keys (strings) and order changes. */
const INTEGER_KEYS = "silently wrong: non-String/Symbol hash keys become JS property names";

/** family file -> case -> why it fails today. Run as it.fails: a case that starts passing fails the suite. */
const KNOWN_FAILURES: Record<string, Record<string, string>> = {
  "operators.rb": {
    c_and_arr_sym: SYMBOL_AS_STRING,
    c_and_empty_arr_sym: SYMBOL_AS_STRING,
    c_and_empty_hash_sym: SYMBOL_AS_STRING,
    c_and_empty_str_sym: SYMBOL_AS_STRING,
    c_and_float_sym: SYMBOL_AS_STRING,
    c_and_hash_sym: SYMBOL_AS_STRING,
    c_and_one_sym: SYMBOL_AS_STRING,
    c_and_str_sym: SYMBOL_AS_STRING,
    c_and_sym_sym: SYMBOL_AS_STRING,
    c_and_true_sym: SYMBOL_AS_STRING,
    c_and_zero_sym: SYMBOL_AS_STRING,
    c_or_assign_sym: SYMBOL_AS_STRING,
    c_or_false_sym: SYMBOL_AS_STRING,
    c_or_nil_sym: SYMBOL_AS_STRING,
    c_or_sym_arr: SYMBOL_AS_STRING,
    c_or_sym_empty_arr: SYMBOL_AS_STRING,
    c_or_sym_empty_hash: SYMBOL_AS_STRING,
    c_or_sym_empty_str: SYMBOL_AS_STRING,
    c_or_sym_false: SYMBOL_AS_STRING,
    c_or_sym_float: SYMBOL_AS_STRING,
    c_or_sym_hash: SYMBOL_AS_STRING,
    c_or_sym_nil: SYMBOL_AS_STRING,
    c_or_sym_one: SYMBOL_AS_STRING,
    c_or_sym_str: SYMBOL_AS_STRING,
    c_or_sym_sym: SYMBOL_AS_STRING,
    c_or_sym_true: SYMBOL_AS_STRING,
    c_or_sym_zero: SYMBOL_AS_STRING,
  },
  "hash_positions.rb": {
    c_case_branches: STRING_KEY_AS_SYMBOL,
    c_last_statement: STRING_KEY_AS_SYMBOL,
    c_or_string_keys: STRING_KEY_AS_SYMBOL,
    c_unless_hash: STRING_KEY_AS_SYMBOL,
  },
  "collections.rb": {
    c_arr_delete: MISSING_METHOD,
    c_arr_dup: JS_MUTATOR_RESULT,
    c_push: JS_MUTATOR_RESULT,
    c_arr_filter_map: MISSING_METHOD,
    c_arr_inspect: SYMBOL_AS_STRING,
    c_arr_pluck: MISSING_METHOD,
    c_arr_rotate: MISSING_METHOD,
    c_arr_sample_size: MISSING_METHOD,
    c_cycle: MISSING_METHOD,
    c_detect: MISSING_METHOD,
    c_each_cons: MISSING_METHOD,
    c_each_with_object: SYMBOL_AS_STRING,
    c_fetch_missing: MISSING_METHOD,
    c_hash_any: MISSING_METHOD,
    c_hash_compact: MISSING_METHOD,
    c_hash_count: MISSING_METHOD,
    c_hash_deep_merge: MISSING_METHOD,
    c_hash_default: DECLINED,
    c_hash_default_block: DECLINED,
    c_hash_each_with_object: MISSING_METHOD,
    c_hash_fetch_missing: SYMBOL_AS_STRING,
    c_hash_group_by: MISSING_METHOD,
    c_hash_inspect_str: INTEGER_KEYS,
    c_hash_keys: SYMBOL_AS_STRING,
    c_hash_min_by: MISSING_METHOD,
    c_hash_reject: MISSING_METHOD,
    c_hash_reverse_merge: MISSING_METHOD,
    c_hash_select: MISSING_METHOD,
    c_hash_sort_by: MISSING_METHOD,
    c_hash_str_sym: SYMBOL_AS_STRING,
    c_hash_stringify: SYMBOL_AS_STRING,
    c_hash_sum: MISSING_METHOD,
    c_hash_to_a: SYMBOL_AS_STRING,
    c_hash_to_h: SYMBOL_AS_STRING,
    c_hash_transform_keys: MISSING_METHOD,
    c_hash_transform_values: MISSING_METHOD,
    c_hash_with_indifferent: MISSING_METHOD,
    c_in_groups_of: MISSING_METHOD,
    c_minmax: MISSING_METHOD,
    c_range_cover: MISSING_METHOD,
    c_range_excl: MISSING_METHOD,
    c_range_include: MISSING_METHOD,
    c_range_step: MISSING_METHOD,
    c_range_to_a: MISSING_METHOD,
    c_second: MISSING_METHOD,
    c_wrap_val: DECLINED,
  },
  "strings.rb": {
    c_casecmp: MISSING_METHOD,
    c_center: MISSING_METHOD,
    c_chars: MISSING_METHOD,
    c_chomp: MISSING_METHOD,
    c_chomp_arg: MISSING_METHOD,
    c_chop: MISSING_METHOD,
    c_concat_frozen: FROZEN_LITERAL,
    c_count: MISSING_METHOD,
    c_delete: MISSING_METHOD,
    c_dup_frozen: FROZEN_LITERAL,
    c_freeze: FROZEN_LITERAL,
    c_each_char: MISSING_METHOD,
    c_each_line: MISSING_METHOD,
    c_first: MISSING_METHOD,
    c_format: FORMAT_DIRECTIVE,
    c_gsub_block: BLOCK_IGNORED,
    c_index: MISSING_METHOD,
    c_index_missing: MISSING_METHOD,
    c_last: MISSING_METHOD,
    c_ljust: MISSING_METHOD,
    c_match_data: REGEXP_INDEX,
    c_ord: MISSING_METHOD,
    c_partition: MISSING_METHOD,
    c_percent_one: FLOAT_ROUNDING,
    c_reverse: MISSING_METHOD,
    c_rindex: MISSING_METHOD,
    c_rjust: MISSING_METHOD,
    c_rpartition: MISSING_METHOD,
    c_slice_neg: ENDLESS_RANGE_INDEX,
    c_split_limit: ARG_IGNORED,
    c_squeeze: MISSING_METHOD,
    c_starts_with_as: MISSING_METHOD,
    c_succ: MISSING_METHOD,
    c_swapcase: MISSING_METHOD,
    c_to_date: MISSING_METHOD,
    c_to_sym: SYMBOL_AS_STRING,
    c_tr: MISSING_METHOD,
  },
};

const root = join(tmpdir(), `rails2ts-ruby-corpus-${process.pid}`);
let loader: ModuleLoader;
let diagnostics: string[] = [];

beforeAll(() => {
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  write("config/routes.rb", "Rails.application.routes.draw do\nend\n");
  write("config/application.rb", 'require "rails"\n');
  write("db/schema.rb", "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  for (const [file, family] of Object.entries(expected)) write(`app/models/${underscore(family.class)}.rb`, readFileSync(join(CORPUS, file), "utf8"));
  const parsed = parseApp(root);
  const lowered = lowerApp(analyzeApp(parsed));
  diagnostics = parsed.diagnostics.list.map((d) => `${(d as { file?: string }).file ?? ""} ${d.message}`);
  loader = new ModuleLoader(lowered.modules);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A class name -> the file Rails autoloads it from (CorpusOperators -> corpus_operators). */
function underscore(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();
}

/** A case's Ruby name -> the emitted static method (names compared without underscores or case). */
function method(klass: Record<string, unknown>, rubyName: string): () => unknown {
  const want = rubyName.replace(/_/g, "").toLowerCase();
  for (const key of Object.getOwnPropertyNames(klass)) {
    if (key.replace(/_/g, "").toLowerCase() === want && typeof klass[key] === "function") return (klass[key] as () => unknown).bind(klass);
  }
  throw new Error(`no emitted method for ${rubyName}`);
}

function answer(family: Family, name: string): string {
  const mod = loader.load(`models/${underscore(family.class)}.ts`);
  const klass = mod[family.class] as Record<string, unknown>;
  try {
    return inspect(method(klass, name)());
  } catch (e) {
    const err = e as { rubyClass?: string; constructor: { name: string }; message: string };
    return `!! ${err.rubyClass ?? err.constructor.name}: ${err.message}`;
  }
}

for (const [file, family] of Object.entries(expected)) {
  describe(file, () => {
    it("compiles without diagnostics", () => {
      expect(diagnostics.filter((d) => d.includes(`/${underscore(family.class)}.rb`))).toEqual([]);
    });
    for (const [name, want] of Object.entries(family.cases)) {
      const known = KNOWN_FAILURES[file]?.[name];
      (known ? it.fails : it)(name, () => {
        expect(answer(family, name)).toBe(want);
      });
    }
  });
}
