// The TS member a Ruby operator method is (`def +(other)` -> `plus`), read by the naming rule (runtime/ruby/names.ts)
// and by operator dispatch on objects (core-operators.ts). `==` is the `isEqual` that Ruby equality (equality.ts)
// asks of an object, so an app's `def ==` is what `a == b` runs.
export const OPERATOR_METHODS: Readonly<Record<string, string>> = {
  "+": "plus",
  "-": "minus",
  "*": "times",
  "/": "divide",
  "%": "format",
  "<<": "concat",
  "<=>": "compare",
  "==": "isEqual",
};
