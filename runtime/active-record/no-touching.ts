// ActiveRecord::NoTouching: `Model.no_touching { ... }` suppresses touches (and so touch: true cascades) of that
// class and its subclasses for the block; `ActiveRecord::Base.no_touching` of every model.
const applied: object[] = [];

export function noTouching<R>(klass: object, block: () => R): R {
  applied.push(klass);
  try {
    return block();
  } finally {
    applied.pop();
  }
}

/** NoTouching.applied_to?(klass): klass is, or inherits from, a class in a no_touching block. */
export function isNoTouching(klass: object): boolean {
  return applied.some((k) => k === klass || (typeof klass === "function" && klass.prototype instanceof (k as new () => unknown)));
}
