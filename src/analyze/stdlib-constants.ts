// Regexp constants of Ruby's standard library that apps pass to validations, as Ruby 3.3 defines them
// (lib/ruby/3.3.0/uri/mailto.rb); their sources go through the same Ruby -> JS regexp translation as literals.
//   URI::MailTo::EMAIL_REGEXP     /\A[a-zA-Z0-9.!\#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:...)*\z/
const STDLIB_REGEXPS: Record<string, { source: string; flags: string }> = {
  "URI::MailTo::EMAIL_REGEXP": {
    source: "\\A[a-zA-Z0-9.!\\#$%&'*+\\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\\z",
    flags: "",
  },
};

export function rubyStdlibRegexp(path: string): { source: string; flags: string } | null {
  return STDLIB_REGEXPS[path] ?? null;
}
