// Action Cable's subscription adapters (actioncable 7.2 subscription_adapter/*): where broadcasts meet streams.
//   config/cable.yml  adapter: async   -> new AsyncAdapter()      (in-process; callbacks on the next turn)
//                     adapter: inline  -> new InlineAdapter()     (in-process; callbacks run at once)
//                     adapter: test    -> new TestAdapter()       (async, and remembers every broadcast)
//   adapter: redis / postgresql / solid_cable -> see ./adapters.ts (adapterFor).
// Payloads are the already-encoded JSON strings Server#broadcast produces; adapters never decode them.

export type MessageCallback = (payload: string) => void;

/** ActionCable::SubscriptionAdapter::Base. */
export interface SubscriptionAdapter {
  broadcast(channel: string, payload: string): void;
  /** `success` runs once the subscription is live (Action Cable confirms subscriptions only then). */
  subscribe(channel: string, callback: MessageCallback, success?: () => void): void;
  unsubscribe(channel: string, callback: MessageCallback): void;
  shutdown(): void;
  /** Shared adapters: resolves once connected (rejects when the server cannot be reached). */
  ready?(): Promise<void>;
}

/** SubscriberMap: the callbacks per channel, in subscription order; the same callback may be added twice. */
export class SubscriberMap {
  private readonly subscribers = new Map<string, MessageCallback[]>();

  addSubscriber(channel: string, subscriber: MessageCallback, onSuccess?: () => void): void {
    const list = this.subscribers.get(channel);
    if (list) list.push(subscriber);
    else this.subscribers.set(channel, [subscriber]);
    onSuccess?.();
  }

  removeSubscriber(channel: string, subscriber: MessageCallback): void {
    const list = this.subscribers.get(channel);
    if (!list) return;
    const i = list.indexOf(subscriber);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.subscribers.delete(channel);
  }

  broadcast(channel: string, message: string): void {
    for (const subscriber of [...(this.subscribers.get(channel) ?? [])]) this.invokeCallback(subscriber, message);
  }

  protected invokeCallback(callback: MessageCallback, message: string): void {
    callback(message);
  }
}

/** The in-process adapter that runs callbacks synchronously (adapter: inline). */
export class InlineAdapter implements SubscriptionAdapter {
  private map: SubscriberMap | null = null;

  protected newSubscriberMap(): SubscriberMap {
    return new SubscriberMap();
  }

  protected get subscriberMap(): SubscriberMap {
    return (this.map ??= this.newSubscriberMap());
  }

  broadcast(channel: string, payload: string): void {
    this.subscriberMap.broadcast(channel, payload);
  }

  subscribe(channel: string, callback: MessageCallback, success?: () => void): void {
    this.subscriberMap.addSubscriber(channel, callback, success);
  }

  unsubscribe(channel: string, callback: MessageCallback): void {
    this.subscriberMap.removeSubscriber(channel, callback);
  }

  shutdown(): void {}
}

/** Runs `fn` on a later turn of the event loop, as Action Cable's event loop `post` does. */
export function post(fn: () => void): void {
  setImmediate(fn);
}

// AsyncSubscriberMap: adding a subscriber and delivering a message both happen on the event loop, so a stream
// started in `subscribed` is live only after the command finished (removal stays immediate).
class AsyncSubscriberMap extends SubscriberMap {
  override addSubscriber(channel: string, subscriber: MessageCallback, onSuccess?: () => void): void {
    post(() => super.addSubscriber(channel, subscriber, onSuccess));
  }

  protected override invokeCallback(callback: MessageCallback, message: string): void {
    post(() => callback(message));
  }
}

/** adapter: async, the default for development and for a single process. */
export class AsyncAdapter extends InlineAdapter {
  protected override newSubscriberMap(): SubscriberMap {
    return new AsyncSubscriberMap();
  }
}

/** adapter: test: async delivery, plus the list of payloads broadcast to each channel. */
export class TestAdapter extends AsyncAdapter {
  private readonly sent = new Map<string, string[]>();

  override broadcast(channel: string, payload: string): void {
    this.broadcasts(channel).push(payload);
    super.broadcast(channel, payload);
  }

  broadcasts(channel: string): string[] {
    let list = this.sent.get(channel);
    if (!list) this.sent.set(channel, (list = []));
    return list;
  }

  clearMessages(channel: string): void {
    this.sent.set(channel, []);
  }

  clear(): void {
    this.sent.clear();
  }
}

/** ChannelPrefix: `channel_prefix` from cable.yml, joined with ":" in front of every channel name. */
export function withChannelPrefix(adapter: SubscriptionAdapter, prefix: string | null | undefined): SubscriptionAdapter {
  if (prefix === null || prefix === undefined) return adapter;
  const named = (channel: string) => `${prefix}:${channel}`;
  return {
    broadcast: (channel, payload) => adapter.broadcast(named(channel), payload),
    subscribe: (channel, callback, success) => adapter.subscribe(named(channel), callback, success),
    unsubscribe: (channel, callback) => adapter.unsubscribe(named(channel), callback),
    shutdown: () => adapter.shutdown(),
    ...(adapter.ready ? { ready: () => adapter.ready!() } : {}),
  };
}
