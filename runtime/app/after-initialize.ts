// config.after_initialize blocks: registered when the initializers module loads, run once the app is initialized
// (Rails.root set, the database open), in the order they were registered, before the first request.
const blocks: Array<() => unknown> = [];

export function afterInitialize(block: () => unknown): void {
  blocks.push(block);
}

export function runAfterInitialize(): void {
  for (const block of blocks.splice(0)) block();
}
