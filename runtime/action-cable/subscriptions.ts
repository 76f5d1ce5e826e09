// ActionCable::Connection::Subscriptions (actioncable 7.2): the commands a client sends.
//   {"command":"subscribe","identifier":"{\"channel\":\"RoomChannel\",\"room_id\":1}"}    -> add
//   {"command":"unsubscribe","identifier":...}                                         -> remove
//   {"command":"message","identifier":...,"data":"{\"action\":\"speak\",...}"}          -> perform_action
// Subscriptions are keyed by the identifier string exactly as sent (the same params in another order or spacing
// are another subscription). A command that fails is logged and answered with nothing, as Rails does.
import type { Channel } from "./channel.js";
import type { Connection } from "./connection.js";

export class Subscriptions {
  private readonly subscriptions = new Map<string, Channel>();

  constructor(private readonly connection: Connection) {}

  async executeCommand(data: unknown): Promise<void> {
    try {
      const command = isHash(data) ? data.command : undefined;
      if (command === "subscribe") await this.add(data as Record<string, unknown>);
      else if (command === "unsubscribe") await this.remove(data as Record<string, unknown>);
      else if (command === "message") await this.performAction(data as Record<string, unknown>);
      else this.connection.logError(`Received unrecognized command in ${JSON.stringify(data)}`);
    } catch (error) {
      this.connection.logError(error);
    }
  }

  private async add(data: Record<string, unknown>): Promise<void> {
    const idKey = data.identifier;
    const idOptions = JSON.parse(String(idKey)) as unknown;
    if (!isHash(idOptions)) throw new Error(`undefined method 'with_indifferent_access' for ${String(idKey)}`);
    if (this.subscriptions.has(String(idKey))) return;
    const channelName = idOptions.channel;
    if (channelName === null || channelName === undefined) throw new Error("undefined method 'safe_constantize' for nil");
    const Klass = this.connection.server.channelClass(String(channelName));
    if (!Klass) {
      this.connection.logError(`Subscription class not found: ${JSON.stringify(channelName)}`);
      return;
    }
    const subscription = new Klass(this.connection, String(idKey), idOptions);
    this.subscriptions.set(String(idKey), subscription);
    await subscription.subscribeToChannel();
  }

  private async remove(data: Record<string, unknown>): Promise<void> {
    await this.removeSubscription(this.find(data));
  }

  async removeSubscription(subscription: Channel): Promise<void> {
    await subscription.unsubscribeFromChannel();
    this.subscriptions.delete(subscription.identifier);
  }

  private async performAction(data: Record<string, unknown>): Promise<void> {
    const subscription = this.find(data);
    await subscription.performAction(JSON.parse(String(data.data)));
  }

  identifiers(): string[] {
    return [...this.subscriptions.keys()];
  }

  async unsubscribeFromAll(): Promise<void> {
    for (const subscription of [...this.subscriptions.values()]) await this.removeSubscription(subscription);
  }

  private find(data: Record<string, unknown>): Channel {
    const subscription = this.subscriptions.get(String(data.identifier));
    if (!subscription) throw new Error(`Unable to find subscription with identifier: ${String(data.identifier)}`);
    return subscription;
  }
}

function isHash(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
