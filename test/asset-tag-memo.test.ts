// stylesheet_link_tag of one source without options remembers the tag it writes per asset path: the tag must follow
// the asset map, the relative root and asset host, apply_stylesheet_media_default and whether preload links are
// sent, and every call must still send its preload link.
import { afterEach, describe, expect, it } from "vitest";
import { assetTagConfig, stylesheetLinkTag } from "../runtime/action-view/asset-tag.js";
import type { ViewHost } from "../runtime/active-model/host.js";

function host(assets: Record<string, string>, extra: Partial<ViewHost> = {}, links: string[][] | null = []): ViewHost {
  return {
    request: { method: "GET", fullpath: "/", protocol: "http://", hostWithPort: "example.org", referer: null },
    computeAssetPath: (source: string) => assets[source] ?? `/${source}`,
    ...(links ? { addPreloadLinks: (l: string[]) => links.push(l) } : {}),
    ...extra,
  } as unknown as ViewHost;
}

describe("stylesheet_link_tag's remembered tags", () => {
  afterEach(() => {
    assetTagConfig.applyStylesheetMediaDefault = false;
    assetTagConfig.preloadLinksHeader = true;
  });

  it("follows the asset map, the relative root and the asset host", () => {
    const links: string[][] = [];
    const assets = { "application.css": "/assets/application-aaa.css" };
    expect(stylesheetLinkTag(host(assets, {}, links), "application").toString()).toBe('<link rel="stylesheet" href="/assets/application-aaa.css" />');
    assets["application.css"] = "/assets/application-bbb.css";
    expect(stylesheetLinkTag(host(assets, {}, links), "application").toString()).toBe('<link rel="stylesheet" href="/assets/application-bbb.css" />');
    expect(stylesheetLinkTag(host(assets, { relativeUrlRoot: "/sub" }, links), "application").toString()).toBe('<link rel="stylesheet" href="/sub/assets/application-bbb.css" />');
    expect(stylesheetLinkTag(host(assets, { assetHost: "cdn.example.com" }, links), "application").toString()).toBe('<link rel="stylesheet" href="http://cdn.example.com/assets/application-bbb.css" />');
    expect(links).toEqual([
      ["</assets/application-aaa.css>; rel=preload; as=style; nopush"],
      ["</assets/application-bbb.css>; rel=preload; as=style; nopush"],
      ["</sub/assets/application-bbb.css>; rel=preload; as=style; nopush"],
      ["<http://cdn.example.com/assets/application-bbb.css>; rel=preload; as=style; nopush"],
    ]);
  });

  it("follows apply_stylesheet_media_default", () => {
    const assets = { "site.css": "/assets/site-1.css" };
    expect(stylesheetLinkTag(host(assets), "site").toString()).toBe('<link rel="stylesheet" href="/assets/site-1.css" />');
    assetTagConfig.applyStylesheetMediaDefault = true;
    expect(stylesheetLinkTag(host(assets), "site").toString()).toBe('<link rel="stylesheet" href="/assets/site-1.css" media="screen" />');
  });

  it("sends the preload link on every call, and none when preload links are off", () => {
    const assets = { "print.css": "/assets/print-1.css" };
    const links: string[][] = [];
    stylesheetLinkTag(host(assets, {}, links), "print");
    stylesheetLinkTag(host(assets, {}, links), "print");
    expect(links).toEqual([["</assets/print-1.css>; rel=preload; as=style; nopush"], ["</assets/print-1.css>; rel=preload; as=style; nopush"]]);
    assetTagConfig.preloadLinksHeader = false;
    stylesheetLinkTag(host(assets, {}, links), "print");
    expect(links).toHaveLength(2);
    assetTagConfig.preloadLinksHeader = true;
    stylesheetLinkTag(host(assets, {}, links), "print");
    expect(links).toHaveLength(3);
  });
});
