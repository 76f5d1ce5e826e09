// A class of Rails that an app reopens to define class methods of its own (lib/rails_ext), lowered by the compiler
// (src/lower/core/reopened-class.ts) as the methods themselves, set on the runtime's class object: every caller, the
// runtime's own included, reaches a class method through that object, so the app's definition is the one called.
//   class ActionText::Attachment; class << self; def from_node(...)    reopenClassMethods(ActionTextAttachment, { fromNode: ... })
// (A method under `private` is set too: Ruby's `send` reaches it, and the app's own code calls it receiver-less.)
export function reopenClassMethods(cls: object, methods: Record<string, (...args: never[]) => unknown>): void {
  for (const [name, fn] of Object.entries(methods)) Object.defineProperty(cls, name, { value: fn, writable: true, configurable: true, enumerable: false });
}
