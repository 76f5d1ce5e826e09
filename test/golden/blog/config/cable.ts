import { EnvModule, toS } from "rails2ts/runtime";
export const cableYaml = (): string => {
  let out = "";
  out += "development:\n  adapter: async\n\ntest:\n  adapter: test\n\nproduction:\n  adapter: redis\n  url: ";
  out += toS(
    EnvModule.fetch("REDIS_URL", () => {
      return "redis://localhost:6379/1";
    }),
  );
  out += "\n  channel_prefix: blog_production\n";
  return out;
};
