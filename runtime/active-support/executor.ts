// ActiveSupport::Executor#wrap as an app calls it around work outside a request (Rails.application.executor.wrap
// { ... } in a thread pool's task): the block runs at once and its value is answered. What Rails' executor does
// around it (the query cache, Current attributes reset, connections handed back) the runtime does around each
// request and job, and one process runs one unit of work at a time.
//   Rails.application.executor.wrap { work }     executorWrap(() => work)
export function executorWrap<T>(block: () => T): T {
  return block();
}
