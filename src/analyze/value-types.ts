// What the app's own code proves about a value's model type, along Rails' edges, for facts lowering reads before
// it lowers anything (a CurrentAttributes attribute's type is the join of every value the app assigns to it).
//
//   User.find(id) / User.find_by(...) / User.create!(...)     record of User (nil where Rails answers nil)
//   User.all / User.where(...) / User.active (a scope)         relation of User
//   user.sessions (has_many) / session.user (belongs_to)       relation of Session / record of User
//   user.sessions.start!(...) (a class method via a relation)  what Session.start!'s last expression is
//   local = value (every assignment in the method)            the join of the values
//   def m(x) ... m(value)                                      x: the join over every call site of m
//   value.tap { |x| }                                          x: value's type
//   transaction { ...; record } / relation.detect { }          the block's last value (or nil) / a record of it
//   record.m / m (in the model) where def m is the model's     what m's last expression is (no model redefines m)
//   build_author (a has_one / belongs_to)                      record of its class
//   ActiveStorage::Attached::One.new(name, self)               Rails' own object (has_one_attached's reader)
//   if c then a else b end / if c then a end / a || b         the join of a and b (nil is no type of its own)
//   case ... when ... then a ... else b end                     the join of every branch's value (nil without an else)
//
// Anything else (params, a `send`, a method of unknown return) is unknown, and unknown joined with anything stays
// unknown: a value is typed only when every way it can be made is.
import type { Block, Node, NodeOf } from "../parse/ir.js";
import { childNodes } from "../parse/ir.js";
import type { ModelInfo, ScopeInfo } from "./models.js";
import type { ConstDecl } from "./constants.js";

export type ValueType = { k: "record"; model: string } | { k: "relation"; model: string } | { k: "array"; model: string } | { k: "nil" } | { k: "runtime"; rails: string } | null;

/** Rails' own objects a controller method of self answers (unless the app defines one), by their Rails class. */
const CONTROLLER_OBJECTS: Record<string, string> = { request: "ActionDispatch::Request" };

const RECORD = new Set(["new", "find", "find_by", "find_by!", "create", "create!", "first", "last", "build", "sole", "find_sole_by", "take", "take!", "first!", "last!", "authenticate_by", "find_signed", "find_signed!"]);
const RELATION = new Set(["all", "none", "where", "order", "limit", "includes", "preload", "eager_load", "joins", "left_joins", "reorder", "offset", "distinct", "excluding", "without", "not", "rewhere", "unscope"]);
const TAKES_A_COUNT = new Set(["first", "last", "take"]);
/** Kernel#raise and Action Cable's reject_unauthorized_connection (it raises UnauthorizedError). */
const NEVER_RETURNS = new Set(["raise", "fail", "reject_unauthorized_connection"]);
/** Rails' own classes whose `new` the app's (or a macro's generated) code calls, typed as the runtime's objects. */
const RAILS_CONSTRUCTED = new Set(["ActiveStorage::Attached::One", "ActiveStorage::Attached::Many"]);

/**
 * Where a method's code runs: a controller (`defs`: every controller method of the app, where its callers are;
 * `related`: the methods of the controllers the method is part of, their ancestors and descendants, where its
 * ivars are assigned; `named`: every Symbol the controllers' files write, as a method named so may be called in
 * ways not seen: a callback, `helper_method`, `send`), a model class (`self` is the class), or elsewhere.
 */
export type Owner =
  | { k: "controller"; defs: Array<NodeOf<"def">>; related: (def: NodeOf<"def">) => Array<NodeOf<"def">>; named: Set<string>; connection?: boolean }
  | { k: "modelClass"; model: string }
  /** A model's instance method (`self` is a record of the model). */
  | { k: "model"; model: string }
  | { k: "other" };

/** A node's enclosing method and the blocks around it, innermost last. */
export interface Site {
  def: NodeOf<"def"> | null;
  blocks: Array<{ call: NodeOf<"call">; block: Block }>;
  owner: Owner;
}

/**
 * The type of a value made in one of several ways: nil joins as nothing of its own (record types stand for nil
 * too); records of one STI family join as their nearest common model (`@room = Rooms::Open.new` and
 * `@room = Room.find(id)`: a Room); anything else is unknown.
 */
export function join(types: ValueType[], models: Map<string, ModelInfo> = new Map()): ValueType {
  const known = types.filter((t) => t?.k !== "nil");
  if (!known.length) return types.length ? { k: "nil" } : null;
  const first = known[0]!;
  if (first === null) return null;
  if (first.k === "runtime") return known.every((t) => t?.k === "runtime" && t.rails === first.rails) ? first : null;
  let out: { k: "record" | "relation" | "array"; model: string } = first;
  for (const t of known.slice(1)) {
    if (t === null || t.k !== out.k) return null;
    const common = commonModel(out.model, t.model, models);
    if (common === null) return null;
    out = { k: out.k, model: common };
  }
  return out;
}

/** The nearest model both are (themselves or an STI ancestor), or null. */
function commonModel(a: string, b: string, models: Map<string, ModelInfo>): string | null {
  const chain = (m: string) => {
    const out = [m];
    for (let info = models.get(m); info?.parentModel && out.length < 20; info = models.get(info.parentModel)) out.push(info.parentModel);
    return out;
  };
  const ofB = new Set(chain(b));
  return chain(a).find((m) => ofB.has(m)) ?? null;
}

export class ValueTypes {
  private readonly inProgress = new Set<Node | string>();
  /** CurrentAttributes attributes' models (current-types.ts), once known. */
  currentTypes = new Map<string, Map<string, string>>();
  /**
   * CurrentAttributes classes' own methods by class and name (`def account = Account.first`): those defined once,
   * taking no arguments, that no delegate of the class names too.
   */
  currentMethods: Map<string, Map<string, NodeOf<"def">>> = new Map();

  constructor(
    private readonly models: Map<string, ModelInfo>,
    private readonly plainClasses: ConstDecl[] = [],
  ) {}

  /** The type of `node` evaluated at `site`. */
  typeOf(node: Node, site: Site): ValueType {
    if (this.inProgress.has(node)) return null;
    this.inProgress.add(node);
    try {
      return this.evaluate(node, site);
    } finally {
      this.inProgress.delete(node);
    }
  }

  private evaluate(node: Node, site: Site): ValueType {
    switch (node.kind) {
      case "nil":
        return { k: "nil" };
      case "self":
        return site.owner.k === "model" ? { k: "record", model: site.owner.model } : null;
      case "ident":
        return this.local(node.name, site);
      case "ivar":
        return this.ivar(node.name, site);
      case "if":
        return join([this.last(node.then, site), this.last(node.else, site)], this.models);
      case "case":
        // Each branch's last value; nil where no when matches and there is no else.
        return join([...node.whens.map((w) => this.last(w.body, site)), this.last(node.else ?? [], site)], this.models);
      case "binary":
        // `a || b`: a when it is a record, else b (nil is no type of its own).
        return node.op === "||" ? join([this.typeOf(node.left, site), this.typeOf(node.right, site)], this.models) : null;
      case "assign":
        return this.typeOf(node.value, site);
      case "opAssign":
        // `@x ||= value`: what @x holds, or the value.
        return node.op === "||" ? join([this.typeOf(node.target, site), this.typeOf(node.value, site)], this.models) : null;
      case "call":
        return this.call(node, site);
      default:
        return null;
    }
  }

  private last(body: Node[], site: Site): ValueType {
    const last = body[body.length - 1];
    return last ? this.typeOf(last, site) : { k: "nil" };
  }

  private call(node: NodeOf<"call">, site: Site): ValueType {
    const m = node.method;
    if (node.safeNav) return null;
    // `a = b.c = value`: a setter call's value is its argument.
    if (m.endsWith("=") && !["==", "!=", "<=", ">=", "==="].includes(m) && node.args.length === 1 && node.receiver) return this.typeOf(node.args[0]!, site);
    if (node.receiver === null) {
      if (node.args.length === 0 && !node.block) {
        const local = this.blockParam(m, site);
        if (local !== undefined) return local;
      }
      return this.selfCall(node, site);
    }
    const model = constName(node.receiver);
    if (model !== null && this.models.has(model)) return this.classCall(model, node, site);
    if (model !== null && m === "new" && RAILS_CONSTRUCTED.has(model) && !node.block) return { k: "runtime", rails: model };
    if (node.receiver.kind === "const" && m === "new" && this.isPlainClass(node.receiver) && !this.plainClassMethod(node.receiver, "new")) {
      return { k: "record", model: constName(node.receiver)! };
    }
    if (node.receiver.kind === "const") {
      const current = node.receiver.scope === null ? this.currentTypes.get(node.receiver.name)?.get(m) : undefined;
      if (current && this.models.has(current) && !node.args.length && !node.block) return { k: "record", model: current };
      // `Current.account` where `def account = Account.first`: what its body answers.
      const own = node.receiver.scope === null && !node.args.length && !node.block ? this.currentMethods.get(node.receiver.name)?.get(m) : undefined;
      if (own) return this.returnType(own, { def: own, blocks: [], owner: { k: "other" } });
      const def = this.plainClassMethod(node.receiver, m);
      return def ? this.returnType(def, { def, blocks: [], owner: { k: "other" } }) : null;
    }
    const recv = this.typeOf(node.receiver, site);
    // `record.becomes!(Rooms::Open)`: the same row as an instance of that model (nil here is the ivar being typed,
    // read in its own assignment: `@room = @room.becomes!(Rooms::Closed)`).
    const becomes = (m === "becomes" || m === "becomes!") && node.args.length === 1 ? constName(node.args[0]!) : null;
    if (becomes !== null && (recv?.k === "record" || recv?.k === "nil")) return this.models.has(becomes) ? { k: "record", model: becomes } : null;
    if (recv === null || recv.k === "nil" || recv.k === "runtime" || recv.k === "array") return null;
    if (recv.k === "record") {
      // `tap { }` / `tap(&:process)` answer the receiver.
      if (m === "tap" && (node.block || (node.args.length === 1 && node.args[0]!.kind === "blockPass"))) return recv;
      if (m === "reload") return recv;
      return this.recordCall(recv.model, node);
    }
    // Enumerable#detect on a relation's records (Relation delegates it to them): one of them, or nil.
    if (m === "detect" && node.block && !node.args.length) return { k: "record", model: recv.model };
    return this.classCall(recv.model, node, site);
  }

  /** A call on a model class or on one of its relations (Rails delegates class methods and scopes to the class). */
  private classCall(model: string, node: NodeOf<"call">, site: Site): ValueType {
    const m = node.method;
    // `transaction do ... end` answers what its block does (nil where the block raised ActiveRecord::Rollback).
    if (m === "transaction" && node.block && !node.args.length) return this.blockValue(node, site);
    // `first(3)` / `last(3)` / `take(3)` answer Arrays of its records.
    if (TAKES_A_COUNT.has(m) && node.args.length === 1 && !node.block) return { k: "array", model };
    if (RECORD.has(m) && !node.block && !(TAKES_A_COUNT.has(m) && node.args.length)) return { k: "record", model };
    if (RELATION.has(m) && !node.block) return { k: "relation", model };
    if (this.scope(model, m)) return this.scopeType(model, m);
    const def = this.classMethod(model, m);
    if (def) return this.returnType(def, { def, blocks: [], owner: { k: "modelClass", model } });
    return null;
  }

  /**
   * What a block the method runs once and answers with evaluates to: its last expression, or nil (a block that
   * leaves early with next or break answers another value: not proved).
   */
  private blockValue(node: NodeOf<"call">, site: Site): ValueType {
    const block = node.block!;
    let jumps = false;
    walkScoped(block.body, [], (n) => {
      if (n.kind === "next" || n.kind === "break") jumps = true;
    });
    if (jumps) return null;
    return join([this.last(block.body, { ...site, blocks: [...site.blocks, { call: node, block }] }), { k: "nil" }], this.models);
  }

  /** A receiver-less call: an Active Record class method or scope in a model class, a controller's own method. */
  private selfCall(node: NodeOf<"call">, site: Site): ValueType {
    const owner = site.owner;
    // A call that never returns adds no value of its own to a join (as nil does: record types stand for nil too).
    if (NEVER_RETURNS.has(node.method) && (owner.k === "controller" || owner.k === "modelClass")) return { k: "nil" };
    if (owner.k === "modelClass") return this.classCall(owner.model, node, site);
    if (owner.k === "model") return this.recordCall(owner.model, node);
    if (owner.k === "controller" && !node.block) {
      const defs = site.def ? owner.related(site.def).filter((d) => d.name === node.method && !d.singleton) : [];
      const rails = CONTROLLER_OBJECTS[node.method];
      if (rails && !owner.connection && !node.args.length && !owner.defs.some((d) => d.name === node.method)) return { k: "runtime", rails };
      if (defs.length !== 1) return null;
      return this.returnType(defs[0]!, { def: defs[0]!, blocks: [], owner });
    }
    return null;
  }

  private returnType(def: NodeOf<"def">, site: Site): ValueType {
    if (this.inProgress.has(def)) return null;
    this.inProgress.add(def);
    try {
      // A `return` anywhere makes the last expression only one of the values.
      if (bodyIndex(def).returns) return null;
      return this.last(def.body, site);
    } finally {
      this.inProgress.delete(def);
    }
  }

  /** A name bound by a block around the site: `tap { |x| }` binds the receiver; other blocks are not known. */
  private blockParam(name: string, site: Site): ValueType | undefined {
    for (let i = site.blocks.length - 1; i >= 0; i--) {
      const { call, block } = site.blocks[i]!;
      const at = block.params.findIndex((p) => p.name === name);
      if (at < 0 && !(block.locals ?? []).includes(name)) continue;
      if (call.method === "tap" && at === 0 && block.params[0]!.kind === "req" && call.receiver) {
        return this.typeOf(call.receiver, { ...site, blocks: site.blocks.slice(0, i) });
      }
      return null;
    }
    return undefined;
  }

  /** A local: a block's parameter, the method's parameter (joined over its call sites) or its assignments. */
  private local(name: string, site: Site): ValueType {
    const bound = this.blockParam(name, site);
    if (bound !== undefined) return bound;
    const def = site.def;
    if (!def) return null;
    const key = `${def.span.file}:${def.span.line}:${def.span.column}:${name}`;
    if (this.inProgress.has(key)) return null;
    this.inProgress.add(key);
    try {
      const param = def.params.find((p) => p.name === name);
      if (param) return param.kind === "req" && !param.default ? this.parameter(def, def.params.indexOf(param), site) : null;
      const values: ValueType[] = [];
      let opaque = false;
      for (const { n, blocks } of bodyIndex(def).locals.get(name) ?? []) {
        // An assignment inside a block is to the method's local only when the block does not bind the name.
        if (n.kind === "assign") values.push(this.typeOf(n.value, { ...site, blocks }));
        else opaque = true;
      }
      // A name never assigned in the method is a call of a method of self (`active` in a class method).
      if (!values.length && !opaque) return this.selfCall({ kind: "call", receiver: null, method: name, args: [], block: null, safeNav: false, parens: false, span: def.span }, site);
      return opaque ? null : join(values, this.models);
    } finally {
      this.inProgress.delete(key);
    }
  }

  /** A controller method's positional parameter: the join of the arguments at every receiver-less call of it. */
  private parameter(def: NodeOf<"def">, index: number, site: Site): ValueType {
    if (site.owner.k !== "controller" || def.params.some((p) => p.kind === "rest" || p.kind === "opt")) return null;
    const owner = site.owner;
    if (owner.named.has(def.name)) return null;
    const values: ValueType[] = [];
    let escaped = false;
    for (const caller of owner.defs) {
      for (const { n, blocks } of bodyIndex(caller).calls.get(def.name) ?? []) {
        if (n.kind !== "call" || (n.receiver !== null && n.receiver.kind !== "self")) continue;
        const arg = n.args[index];
        if (n.args.length !== def.params.length || !arg || n.args.some((a) => a.kind === "splat" || a.kind === "hash" || a.kind === "blockPass")) {
          escaped = true;
          continue;
        }
        values.push(this.typeOf(arg, { def: caller, blocks, owner }));
      }
    }
    return escaped || !values.length ? null : join(values, this.models);
  }

  /** A controller's instance variable: the join of every assignment to it in the controllers the method runs in. */
  private ivar(name: string, site: Site): ValueType {
    if (site.owner.k !== "controller") return null;
    const key = `@${name}:${site.def?.span.file}:${site.def?.span.line}`;
    // Read inside one of its own assignments: nothing yet (the other assignments decide).
    if (this.inProgress.has(key)) return { k: "nil" };
    this.inProgress.add(key);
    try {
      const owner = site.owner;
      const values: ValueType[] = [];
      let opaque = false;
      for (const def of site.def ? owner.related(site.def) : []) {
        const index = bodyIndex(def);
        if (index.reflectsIvars) opaque = true;
        for (const { n, blocks } of index.ivars.get(name) ?? []) {
          if (n.kind === "multiAssign") opaque = true;
          else if (n.kind === "opAssign" && n.op !== "||") opaque = true;
          else if (n.kind === "assign" || n.kind === "opAssign") {
            // The assignment being typed (its value reads the ivar): nothing of its own yet.
            if (!this.inProgress.has(n.value)) values.push(this.typeOf(n.value, { def, blocks, owner }));
          }
        }
      }
      return opaque || !values.length ? null : join(values, this.models);
    } finally {
      this.inProgress.delete(key);
    }
  }

  /**
   * A call on a record of `model` (or a receiver-less one in its instance methods): an association's reader, a
   * singular association's builder, or an instance method of the model's whose body proves what it answers.
   */
  private recordCall(model: string, node: NodeOf<"call">): ValueType {
    const m = node.method;
    const builds = /^build_(\w+)$/.exec(m)?.[1];
    const built = builds === undefined ? undefined : this.association(model, builds);
    if (built && built.kind !== "has_many" && !built.options.polymorphic && !node.block) return { k: "record", model: built.className };
    const def = this.instanceMethod(model, m);
    if (def) return node.block ? null : this.returnType(def, { def, blocks: [], owner: { k: "model", model } });
    if (node.args.length || node.block) return null;
    const assoc = this.association(model, m);
    if (!assoc || assoc.options.polymorphic) return null;
    return assoc.kind === "has_many" ? { k: "relation", model: assoc.className } : { k: "record", model: assoc.className };
  }

  /**
   * `def m` of the model or the ancestor it inherits it from, when no model of the app defines the name again (a
   * record typed as the model may be of an STI subclass that does) and the method takes no block of its own.
   */
  private instanceMethod(model: string, name: string): NodeOf<"def"> | undefined {
    const defs = [...this.models.values()].flatMap((x) => x.methods.filter((d) => d.name === name));
    if (defs.length !== 1) return undefined;
    for (let x = this.models.get(model); x; x = x.parentModel ? this.models.get(x.parentModel) : undefined) {
      if (x.methods.includes(defs[0]!)) return defs[0];
    }
    return undefined;
  }

  /** What a model's instance method answers where its body proves it. */
  instanceMethodType(model: string, name: string): ValueType {
    const def = this.instanceMethod(model, name);
    return def ? this.returnType(def, { def, blocks: [], owner: { k: "model", model } }) : null;
  }

  /**
   * A plain class of the app (`ApplicationPlatform`, `WebPush::Notification`): `new` makes one of its instances. A
   * path written with `::` is taken as written where no other class or module of the app ends in it (Ruby would
   * find that one first from inside its namespace).
   */
  private isPlainClass(node: NodeOf<"const">): boolean {
    const written = constName(node);
    if (written === null) return false;
    if (node.scope !== null && [...this.plainClasses.map((d) => d.path), ...this.models.keys()].some((p) => p !== written && p.endsWith(`::${written}`))) return false;
    return this.plainClasses.some((d) => d.path === written && d.kind === "class");
  }

  /** What a method answers, from where it runs. */
  methodType(def: NodeOf<"def">, site: Site): ValueType {
    return this.returnType(def, site);
  }

  /** `def self.m` of a plain class under app/models (`FirstRun.create!`). */
  private plainClassMethod(node: NodeOf<"const">, name: string): NodeOf<"def"> | undefined {
    const path = constName(node);
    if (path === null || (node.scope !== null && !this.isPlainClass(node))) return undefined;
    const defs = this.plainClasses
      .filter((d) => d.path === path)
      .flatMap((d) => d.node.body.filter((s): s is NodeOf<"def"> => s.kind === "def" && s.singleton && s.name === name));
    return defs.length === 1 ? defs[0] : undefined;
  }

  private association(model: string, name: string) {
    for (let m = this.models.get(model); m; m = m.parentModel ? this.models.get(m.parentModel) : undefined) {
      const found = m.associations.find((a) => a.name === name);
      if (found) return found;
    }
    return undefined;
  }

  private scope(model: string, name: string): ScopeInfo | undefined {
    for (let m = this.models.get(model); m; m = m.parentModel ? this.models.get(m.parentModel) : undefined) {
      const found = m.scopes.find((s) => s.name === name);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * What a scope answers: its body's value, or the relation itself when the body answers nil (Active Record's
   * `_exec_scope` is `instance_exec(...) || self`); `scope :last_page, -> { ordered.last(10) }` answers an Array of
 * its records.
   */
  scopeType(model: string, name: string): ValueType {
    const found = this.scope(model, name);
    if (!found) return null;
    const { lambda } = found;
    const def: NodeOf<"def"> = { kind: "def", name: `scope ${name}`, singleton: true, params: lambda.params, body: lambda.body, span: lambda.span };
    const t = this.returnType(def, { def, blocks: [], owner: { k: "modelClass", model } });
    return t?.k === "nil" ? { k: "relation", model } : t?.k === "relation" || t?.k === "array" ? t : null;
  }

  private classMethod(model: string, name: string): NodeOf<"def"> | undefined {
    for (let m = this.models.get(model); m; m = m.parentModel ? this.models.get(m.parentModel) : undefined) {
      const found = m.classMethods.filter((d) => d.name === name);
      if (found.length) return found.length === 1 ? found[0] : undefined;
    }
    return undefined;
  }
}

/** `Room` / `Rooms::Open` as written (a model's full path), else null. */
function constName(node: Node): string | null {
  if (node.kind !== "const") return null;
  if (node.scope === null) return node.name;
  const scope = constName(node.scope);
  return scope === null ? null : `${scope}::${node.name}`;
}

type Visited = { n: Node; blocks: Site["blocks"] };
/** What the inference asks of a method's body, gathered in one walk (a body is asked again for every value typed). */
interface BodyIndex {
  /** Assignments, compound assignments and multiple assignments to each instance variable. */
  ivars: Map<string, Visited[]>;
  /** A receiver-less instance_variable_get/set/...: any instance variable may change. */
  reflectsIvars: boolean;
  /** Assignments, compound assignments and multiple assignments to each local. */
  locals: Map<string, Visited[]>;
  /** Calls by method name. */
  calls: Map<string, Visited[]>;
  returns: boolean;
}
const bodyIndexes = new WeakMap<NodeOf<"def">, BodyIndex>();

function bodyIndex(def: NodeOf<"def">): BodyIndex {
  let index = bodyIndexes.get(def);
  if (index) return index;
  index = { ivars: new Map(), reflectsIvars: false, locals: new Map(), calls: new Map(), returns: false };
  const add = (map: Map<string, Visited[]>, key: string, v: Visited) => {
    const list = map.get(key);
    if (list) list.push(v);
    else map.set(key, [v]);
  };
  const idx = index;
  walkScoped(def.body, [], (n, blocks) => {
    if (n.kind === "return") idx.returns = true;
    else if (n.kind === "call") {
      add(idx.calls, n.method, { n, blocks });
      if (n.receiver === null && /^instance_variable/.test(n.method)) idx.reflectsIvars = true;
    } else if (n.kind === "assign" || n.kind === "opAssign") {
      if (n.target.kind === "ivar") add(idx.ivars, n.target.name, { n, blocks });
      else if (n.target.kind === "ident") add(idx.locals, n.target.name, { n, blocks });
    } else if (n.kind === "multiAssign") {
      for (const name of new Set(n.targets.filter((t) => t.kind === "ivar").map((t) => (t as NodeOf<"ivar">).name))) add(idx.ivars, name, { n, blocks });
      for (const name of new Set(n.targets.filter((t) => t.kind === "ident").map((t) => (t as NodeOf<"ident">).name))) add(idx.locals, name, { n, blocks });
    }
  });
  bodyIndexes.set(def, index);
  return index;
}

/** Every node under `body`, with the blocks around it (a nested def or lambda is not walked into). */
export function walkScoped(body: Node[], blocks: Site["blocks"], visit: (n: Node, blocks: Site["blocks"]) => void): void {
  for (const node of body) {
    visit(node, blocks);
    if (node.kind === "def" || node.kind === "class" || node.kind === "module" || node.kind === "sclass") continue;
    if (node.kind === "call") {
      if (node.receiver) walkScoped([node.receiver], blocks, visit);
      walkScoped(node.args, blocks, visit);
      if (node.block) walkScoped(node.block.body, [...blocks, { call: node, block: node.block }], visit);
      continue;
    }
    walkScoped(childNodes(node), blocks, visit);
  }
}
