// ActiveSupport::CurrentAttributes: per-request globals (`Current.user`). Requests run one at a time in the
// emitted server, so one store reset before each request is Rails' executor behaviour (it resets around every
// request); resetCurrentAttributes() is that reset.
//   class Current < ActiveSupport::CurrentAttributes     class Current extends CurrentAttributes {
//     attribute :user, :request                             static get user() / static set user(v)   (emitted)
//     def account = Account.first                           static account() { return Account.first(); }
const stores = new Map<object, Map<string, unknown>>();

export class CurrentAttributes {
  /** The attribute's value for the current request (nil until set). */
  static readAttribute(this: object, name: string): unknown {
    return stores.get(this)?.get(name) ?? null;
  }

  static writeAttribute(this: object, name: string, value: unknown): unknown {
    let store = stores.get(this);
    if (!store) stores.set(this, (store = new Map()));
    store.set(name, value);
    return value;
  }

  /** `Current.set(user: u) { ... }`: values for the block, restored after it. */
  static set(this: typeof CurrentAttributes, values: Record<string, unknown>, block?: () => unknown): unknown {
    const previous = new Map(stores.get(this) ?? []);
    for (const [k, v] of Object.entries(values)) this.writeAttribute(k, v);
    if (!block) return null;
    try {
      return block();
    } finally {
      stores.set(this, previous);
    }
  }

  static reset(this: object): void {
    stores.delete(this);
  }
}

export function resetCurrentAttributes(): void {
  stores.clear();
}
