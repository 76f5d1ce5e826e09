// The lowering environment: what a Ruby name means at a point in the program.
// Locals are lexical (blocks see their parents' locals); `self` is the kind of object the code runs in.
import type { AppModel } from "../analyze/app-model.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { UNKNOWN, type RType } from "./types.js";
import { tsIdent } from "./names.js";

export type SelfKind = "view" | "controller" | "model" | "modelClass" | "script" | "jbuilder";

export interface LocalVar {
  ts: string;
  type: RType;
  /** Declared `T | null` (first assigned inside an expression) and read as `T`. */
  nullable?: boolean;
  /**
   * Declared untyped ahead of the branch that assigns it (stmts.ts' shared locals), where this is its one assignment:
   * read after it as the value's type when that is a record, relation or value object (nil before, as a record
   * type stands for nil too).
   */
  soleAssignment?: unknown;
}

/** Per-module state: which runtime names and models the emitted module must import. */
export class ModuleState {
  readonly runtime = new Set<string>();
  readonly runtimeTypes = new Set<string>();
  readonly models = new Set<string>();
  readonly modelTypes = new Set<string>();
  private counter = 0;

  use(name: string): string {
    this.runtime.add(name);
    return name;
  }

  useType(name: string): string {
    this.runtimeTypes.add(name);
    return name;
  }

  /**
   * Set for model modules: other models are reached through the runtime's registry (`model<typeof X>("X")`),
   * never imported as values, so a parent and its STI subclasses can refer to each other without an import cycle.
   */
  registryFor: string | null = null;

  model(name: string): string {
    if (this.registryFor !== null && name !== this.registryFor) {
      this.modelTypes.add(name);
      return `${this.use("model")}<typeof ${tsIdent(name)}>(${JSON.stringify(name)})`;
    }
    this.models.add(name);
    return tsIdent(name);
  }

  /** A class under app/models that is not a registered model (a CurrentAttributes class): imported directly. */
  directClass(name: string): string {
    this.models.add(name);
    return tsIdent(name);
  }

  modelType(name: string): string {
    this.modelTypes.add(name);
    return tsIdent(name);
  }

  /** The emitted app's route helpers module, imported as `routes`. */
  /** App channel classes used as values (`RoomChannel.broadcast_to`), by Ruby path. */
  readonly channels = new Set<string>();
  channel(name: string): string {
    this.channels.add(name);
    return tsIdent(name);
  }

  /** The emitted app's helpers module, imported as `helpers`. */
  usesHelpers = false;
  useHelpers(): string {
    this.usesHelpers = true;
    return "helpers";
  }

  usesRoutes = false;
  useRoutes(): string {
    this.usesRoutes = true;
    return "routes";
  }

  /** The app's module constants (constants.ts), as a namespace import. */
  usesConstants = false;
  useConstants(): string {
    this.usesConstants = true;
    return "constants";
  }

  fresh(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }
}

const TS_RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
  "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
  "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
  "let", "static", "implements", "interface", "package", "private", "protected", "public", "await", "arguments",
  "eval", "view", "out", "json", "self",
  // The rest parameter every method with optional/keyword/block parameters takes (params.ts): `def f(*args)`.
  "args",
]);

/**
 * What `next` and `break` mean where they stand (the innermost loop or block around them):
 *   loop     a JS loop statement (while, a for-of an `each` became): `continue;` / `break;`; a loop whose value
 *            is used answers `break v` with `return v;` (breakWith); a loop with a `retry` loop inside is labelled
 *            (a plain `continue` there would restart the begin)
 *   block    a block function: `next v` returns v from it; `break v` throws a BreakSignal to the call the block
 *            was given to (its tag, bound by `breakable` around that call), which answers v
 *   lambda   a lambda: `next v` and `break v` both return v from it
 *   closure  a function of the lowering's own (a case used as a value): a jump cannot cross it
 */
export type JumpFrame =
  | { kind: "loop"; breakWith: ((value: string) => string) | null; label: string | null }
  | { kind: "block"; breakTag: BreakTag | null }
  | { kind: "lambda" }
  | { kind: "closure" };

/** The name a block's `break` throws to, made when a `break` first needs it (its call then binds it: `breakable`). */
export interface BreakTag {
  name: string | null;
}

/** A method or a lambda `return` leaves; its tag is made when a block inside it first returns through it. */
export interface ReturnTarget {
  tag: string | null;
}

export class Scope {
  private readonly locals = new Map<string, LocalVar>();
  /** Views: the output buffer `@output_buffer` means here (a capture block gets its own). */
  buffer: string | null;
  /** The enclosing method's block parameter (`yield`, `&` forwarding, `block_given?`), if it takes one. */
  blockParam: string | null;
  /** The enclosing method: its TS name and the arguments a bare `super` passes on (`a, b` or `...args`). */
  method: { name: string; forward: string; accessor?: boolean } | null;

  /** The innermost loop or block (`next` / `break`); null at a method's top level. */
  jump: JumpFrame | null;
  /** What `return` leaves here (the method's or lambda's), null where nothing set one up (a template). */
  returnTarget: ReturnTarget | null;
  /** Whether a `return` here is a JS `return` of the target's own function (no block function in between). */
  returnsDirectly: boolean;
  /** In a rescue clause whose begin retries: the label of the loop that begin became. */
  retryLabel: string | null;
  /** In a rescue clause: the variable holding the error it handles (Ruby's `$!`: a bare raise re-raises it, and
   * what is raised there has it as its cause). */
  rescued: string | null;
  /** A method's last statement whose lowered type is its result (model/method-results.ts), and that type once lowered. */
  resultNode: unknown = null;
  resultType: RType | null = null;
  /** The whole body of the method this code is in (its blocks' too), where a method's: every assignment of a local. */
  methodBody: unknown[] | null;
  /** The whole code a local here lives in (a method's body, or a template's): every assignment and change of it. */
  localsBody: unknown[] | null;
  /** Where a method's yields are followed: each yield's arguments' types (model/method-results.ts' noteYields). */
  yieldTypes: RType[][] | null;

  constructor(
    readonly env: LowerEnv,
    readonly parent: Scope | null = null,
  ) {
    this.buffer = parent?.buffer ?? null;
    this.blockParam = parent?.blockParam ?? null;
    this.method = parent?.method ?? null;
    this.jump = parent?.jump ?? null;
    this.returnTarget = parent?.returnTarget ?? null;
    this.returnsDirectly = parent?.returnsDirectly ?? true;
    this.retryLabel = parent?.retryLabel ?? null;
    this.rescued = parent?.rescued ?? null;
    this.methodBody = parent?.methodBody ?? null;
    this.localsBody = parent?.localsBody ?? null;
    this.yieldTypes = parent?.yieldTypes ?? null;
  }

  /** A scope for the body of a JS function the lowering makes for a block (a block, a lambda, an IIFE). */
  fn(jump: JumpFrame): Scope {
    const inner = this.child();
    inner.jump = jump;
    inner.retryLabel = null;
    if (jump.kind === "lambda") {
      inner.returnTarget = { tag: null };
      inner.returnsDirectly = true;
    } else inner.returnsDirectly = false;
    return inner;
  }

  /** A scope for the body of a JS loop statement. */
  loop(breakWith: ((value: string) => string) | null = null, label: string | null = null): Scope {
    const inner = this.child();
    inner.jump = { kind: "loop", breakWith, label };
    return inner;
  }

  child(): Scope {
    return new Scope(this.env, this);
  }

  /** Declarations of locals first assigned inside an expression (`if user = find`), emitted before the statement. */
  readonly hoisted: string[] = [];

  has(name: string): boolean {
    return this.locals.has(name);
  }

  lookup(name: string): LocalVar | null {
    return this.locals.get(name) ?? this.parent?.lookup(name) ?? null;
  }

  declare(name: string, type: RType = UNKNOWN, tsName?: string): LocalVar {
    const ts = tsName ?? (TS_RESERVED.has(name) ? `${name}_` : name);
    const v = { ts, type };
    this.locals.set(name, v);
    return v;
  }
}

export interface LowerEnv {
  app: AppModel;
  diags: Diagnostics;
  self: SelfKind;
  module: ModuleState;
  /** Types of instance variables visible here (a controller's assignments, seen from its views too). */
  ivarTypes: Map<string, RType>;
  /** How `@name` is written in TS here. */
  ivar(name: string): string;
  /** The ivars live in an untyped store (a plain object's `this.ivars`): a typed read is cast to its type. */
  ivarCast?: boolean;
  /** Given each `@x = value` lowered here, with the value's type (core/plain-ivars.ts' sole assignments). */
  onIvarAssign?: (node: unknown, type: RType) => void;
  /** The TS expression for `self` (the view, the controller, the record). */
  selfExpr: string;
  /** Lexical nesting for constant lookup, innermost first (`["Post", "Post::Pagination"]`). */
  nesting?: string[];
  /** Constants of the enclosing body that no class the compiler emits holds (a reopened Rails class's): name -> TS. */
  localConstants?: Map<string, string>;
  /** For models: the model's class name. */
  modelName?: string;
  /** What `self` is where no model name says (an Action Cable connection). */
  selfType?: RType;
  /** The URL context route helpers read where it is not the default (a test case: the integration session's host). */
  urlContext?: string;
}
