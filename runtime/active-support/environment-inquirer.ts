// ActiveSupport::EnvironmentInquirer, what `Rails.env` answers: a StringInquirer whose development?, test?,
// production? and local? are its own methods (Rails 7.2 sets them once, from the name); any other `name?`
// (`Rails.env.staging?`) is StringInquirer's method_missing.
//   Rails.env.production?     RailsModule.env().isProduction()
import { ArgumentError } from "../ruby/args.js";
import { StringInquirer } from "./core-ext/core-string.js";

const LOCAL_ENVIRONMENTS = new Set(["development", "test"]);

export class EnvironmentInquirer extends StringInquirer {
  constructor(env: string) {
    if (env === "local") throw new ArgumentError("'local' is a reserved environment name");
    super(env);
  }

  isDevelopment(): boolean {
    return this.value === "development";
  }

  isTest(): boolean {
    return this.value === "test";
  }

  isProduction(): boolean {
    return this.value === "production";
  }

  isLocal(): boolean {
    return LOCAL_ENVIRONMENTS.has(this.value);
  }
}
