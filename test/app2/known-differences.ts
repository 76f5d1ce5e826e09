// Entries of the app2 lane (test/app2-lane.test.ts) that differ today, by `<env>/<NNN_step>:<part>`, with the cause.
// An entry that starts matching fails the lane until it is taken off this list.
export const KNOWN: { cause: string; steps: string[] }[] = [
  {
    cause:
      "Rails' DebugExceptions developer page (config.consider_all_requests_local is on in test and development) for a " +
      "routing error and a RecordNotFound: the Rails process's own Ruby backtrace (framework frames with gem versions and " +
      "line numbers, Puma's frames, exception object ids), Rails.root and the routes table; ours serves public/404.html " +
      "with the 404 status, as production does",
    steps: [
      "test/002_not_found:body",
      "test/002_not_found:headers",
      "test/017_book_edit_missing:body",
      "test/017_book_edit_missing:headers",
      "development/002_not_found:body",
      "development/002_not_found:headers",
      "development/017_book_edit_missing:body",
      "development/017_book_edit_missing:headers",
    ],
  },
];
