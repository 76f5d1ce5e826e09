// ActiveRecord::Querying + naming on the class side: `Model.where(...)`, `Model.find(id)`, `Model.model_name`.
// Every query method starts a Relation (relation.ts); Base (record.ts) extends this class.
//
//   Article.all / where / order / limit / includes        Article.all() / where({..}) / order("title") / ...
//   Article.find(id) / find_by(h) / find_by!(h)           Article.find(id) / findBy(h) / findByBang(h)
//   Article.first / last / count / exists? / pluck / ids   first() / last() / count() / exists() / pluck("a") / ids()
//   Article.new(h) / create(h) / create!(h)               Article.build(h) / create(h) / createBang(h)
import type { BindValue } from "../db/connection.js";
import type { Attributes } from "./record.js";
import { humanAttributeName, type ModelName } from "./meta.js";
import { findMeta, metaOf, type ModelClassLike, type RecordLike } from "./model.js";
import { Relation, type Conditions, type OrderArg } from "./relation.js";

type Constructor<T> = new (attributes?: Attributes) => T;

function relation<T extends RecordLike>(cls: Constructor<T>): Relation<T> {
  return new Relation<T>(cls as unknown as ModelClassLike<T>);
}

export class Querying {
  static get modelName(): ModelName {
    return metaOf(this).modelName;
  }

  static get tableName(): string {
    return metaOf(this).tableName;
  }

  static get primaryKey(): string {
    return metaOf(this).primaryKey;
  }

  static columnNames(): string[] {
    return metaOf(this).columns.map((c) => c.name);
  }

  static humanAttributeName(attribute: string): string {
    return humanAttributeName(findMeta(this)?.descriptor ?? { name: this.name }, attribute);
  }

  static build<T extends RecordLike>(this: Constructor<T>, attributes?: Attributes): T {
    return new this(attributes);
  }

  static all<T extends RecordLike>(this: Constructor<T>): Relation<T> {
    return relation<T>(this);
  }

  static where<T extends RecordLike>(this: Constructor<T>, conditions?: Conditions | string, ...binds: BindValue[]): Relation<T> {
    return relation<T>(this).where(conditions, ...binds);
  }

  static whereNot<T extends RecordLike>(this: Constructor<T>, conditions: Conditions): Relation<T> {
    return relation<T>(this).whereNot(conditions);
  }

  static order<T extends RecordLike>(this: Constructor<T>, ...args: OrderArg[]): Relation<T> {
    return relation<T>(this).order(...args);
  }

  static limit<T extends RecordLike>(this: Constructor<T>, n: number): Relation<T> {
    return relation<T>(this).limit(n);
  }

  static includes<T extends RecordLike>(this: Constructor<T>, ...names: string[]): Relation<T> {
    return relation<T>(this).includes(...names);
  }

  static preload<T extends RecordLike>(this: Constructor<T>, ...names: string[]): Relation<T> {
    return relation<T>(this).preload(...names);
  }

  static find<T extends RecordLike>(this: Constructor<T>, ...ids: unknown[]): T {
    return relation<T>(this).find(...ids);
  }

  static findBy<T extends RecordLike>(this: Constructor<T>, conditions: Conditions): T | null {
    return relation<T>(this).findBy(conditions);
  }

  static findByBang<T extends RecordLike>(this: Constructor<T>, conditions: Conditions): T {
    return relation<T>(this).findByBang(conditions);
  }

  static first<T extends RecordLike>(this: Constructor<T>): T | null {
    return relation<T>(this).first() as T | null;
  }

  static last<T extends RecordLike>(this: Constructor<T>): T | null {
    return relation<T>(this).last() as T | null;
  }

  static count(this: Constructor<RecordLike>): number {
    return relation(this).count();
  }

  static exists(this: Constructor<RecordLike>, conditions?: Conditions | number | string): boolean {
    return relation(this).exists(conditions);
  }

  static pluck(this: Constructor<RecordLike>, ...columns: string[]): unknown[] {
    return relation(this).pluck(...columns);
  }

  static ids(this: Constructor<RecordLike>): unknown[] {
    return relation(this).ids();
  }

  static create<T extends RecordLike>(this: Constructor<T>, attributes?: Attributes): T {
    const record = new this(attributes);
    record.save();
    return record;
  }

  static createBang<T extends RecordLike>(this: Constructor<T>, attributes?: Attributes): T {
    const record = new this(attributes);
    (record as unknown as { saveBang(): true }).saveBang();
    return record;
  }

  static deleteAll(this: Constructor<RecordLike>): number {
    return relation(this).deleteAll();
  }

  static destroyAll<T extends RecordLike>(this: Constructor<T>): T[] {
    return relation<T>(this).destroyAll();
  }
}
