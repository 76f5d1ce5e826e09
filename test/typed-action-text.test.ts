// Issue 18: Action Text's and Nokogiri's values typed as the runtime's classes, so calls on them are direct (each
// case is a small Rails app compiled by the real pipeline; the expected line is the direct call Rails' own semantics
// make possible, written by hand), and the dynamic path kept where the receiver is not proved.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { ACTION_TEXT_APP as BASE } from "./support/action-text-app.js";


async function emitted(files: Record<string, string> = {}): Promise<Map<string, string>> {
  return emittedApp("typed-action-text", BASE, files);
}


/** A method's body in `text` (from `name(...) {` to its closing brace), its whitespace collapsed to single spaces. */
function body(text: string | undefined, name: string): string {
  const start = (text ?? "").search(new RegExp(`\\n  ${name}\\(.*\\)[^{\\n]* \\{\\n`));
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = text!.slice(start + 1);
  return rest.slice(rest.indexOf("{\n") + 2, rest.indexOf("\n  }\n")).replace(/\s+/g, " ").trim();
}

const post = (methods: string) => ({ "app/models/post.rb": `class Post < ApplicationRecord\n  has_rich_text :content\n${methods}end\n` });

describe("Action Text's values typed as the runtime's", () => {
  it("types a rich text's body by its coder (ActionText::Content or nil): RichText's own to_s, to_plain_text and to_trix_html are direct", async () => {
    const rich = (await emitted(post(""))).get("models/action_text/rich_text.ts");
    expect(lineWith(rich, "declare body")).toBe("declare body: ActionTextContent | null;");
    // delegate :to_s, to: :body: nil's to_s for nil, Content#to_s otherwise.
    expect(body(rich, "toS")).toBe("return ((v1: ActionTextContent | null) => (v1 == null ? ObjectMethods.toS(v1) : v1.toS()))(this.body);");
    // body&.to_trix_html: nil stays nil; body&.to_plain_text.to_s: a String or nil, then its to_s.
    expect(body(rich, "toTrixHtml")).toBe("return this.body == null ? null : this.body.toTrixHtml();");
    expect(body(rich, "toPlainText")).toBe(
      "return ((v2: string | null) => (v2 == null ? ObjectMethods.toS(v2) : StringMethods.toS(v2)))( this.body == null ? null : this.body.toPlainText(), );",
    );
  });

  it("calls a Content's method on a rich text's body directly (nil raising NoMethodError), and grep's result is an Array", async () => {
    const model = (await emitted(post("  def mentioned\n    content.body.attachables.grep(Post).uniq\n  end\n  def html\n    content.body&.to_html\n  end\n"))).get("models/post.ts");
    expect(body(model, "mentioned")).toBe(
      'return ArrayMethods.uniq( ArrayMethods.grep(nonNil((this.content() as ActionText_RichText).body, "attachables").attachables(), Post), );',
    );
    expect(body(model, "html")).toBe("return ((recv1: ActionTextContent | null | undefined) => (recv1 == null ? null : recv1.toHtml()))( (this.content() as ActionText_RichText).body, );");
  });

  it("keeps the dynamic path for a serialized attribute whose coder is the app's own", async () => {
    const out = await emitted({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.text "data"\n  end\nend\n',
      "app/models/post.rb": "class Post < ApplicationRecord\n  serialize :data, coder: JSON\n  def size_of\n    data.size\n  end\nend\n",
    });
    expect(lineWith(out.get("models/post.ts"), '"size"')).toBe('return coreSend(this.data, "size");');
  });
});

describe("Ruby's IPAddr, Resolv and SecureRandom values typed as the runtime's", () => {
  const guard = {
    "app/models/guard.rb": [
      "class Guard",
      "  def self.resolve(host)\n    Resolv.getaddress(host).tap { |ip| raise ArgumentError if private_ip?(ip) }\n  end",
      "  def self.private_ip?(ip)\n    IPAddr.new(ip).then { |addr| addr.private? || addr.loopback? }\n  end",
      "  def self.code\n    SecureRandom.alphanumeric(12).scan(/.{4}/).join(\"-\")\n  end",
      "  def self.other(ip)\n    ip.private?\n  end",
      "end\n",
    ].join("\n"),
  };

  it("calls an IPAddr's predicates, tap on Resolv's address and scan/join on SecureRandom's String directly", async () => {
    const model = (await emitted(guard)).get("models/guard.ts");
    expect(body(model, "static resolve")).toContain("return ObjectMethods.tap(ResolvModule.getaddress(host), (ip: string) => {");
    expect(body(model, "static isPrivateIp")).toBe("return ObjectMethods.then(IPAddrClass.new(ip), (addr: IPAddr) => { return addr.isPrivate() || addr.isLoopback(); });");
    expect(body(model, "static code")).toBe('return ArrayMethods.join( StringMethods.scan(SecureRandomModule.alphanumeric(12), rubyRegexp("[^\\\\n]{4}", "", ".{4}", "")), "-", );');
    // A parameter nothing types stays a send.
    expect(body(model, "static other")).toBe('return send(ip, "private?");');
  });

  it("types tap's block parameter as its receiver (a String literal) and read_body's chunks as Strings", async () => {
    const files = {
      "app/models/reader.rb": [
        "class Reader",
        "  def fetch\n    Net::HTTP.start(\"example.com\", 443) { |http| http.request(Net::HTTP::Get.new(\"/\")) { |response| sized(response) } }\n  end",
        "  private",
        "    def sized(response)\n      \"\".tap do |body|\n        response.read_body { |chunk| body << chunk if body.bytesize + chunk.bytesize < 10 }\n      end\n    end",
        "end\n",
      ].join("\n"),
    };
    const model = (await emitted(files)).get("models/reader.ts");
    expect(body(model, "sized")).toContain("StringMethods.bytesize(body), StringMethods.bytesize(chunk)");
    // (The String receiver raises where reached: its block appends to it, which core/tap-shovel.ts declines.)
    expect(body(model, "sized")).toContain("ObjectMethods.tap( declineIfString( \"\", \"unsupported_construct: construct not lowered: tap's block appends");
    expect(body(model, "sized")).toContain("), (body: string) => {");
  });
});

describe("a plain class's attr_writer", () => {
  it("assigns the accessor's property for self.name = v, and keeps send where a subclass defines the writer as a method", async () => {
    const files = {
      "app/models/card.rb": [
        "class Card",
        "  include ActiveModel::Model",
        "  ATTRIBUTES = %i[ title note ]",
        "  attr_accessor *ATTRIBUTES",
        "  def tidy\n    self.title = title\n    self.note = nil\n  end",
        "end\n",
      ].join("\n"),
      // (A subclass's own writer: a Badge may be a ShinyBadge.)
      "app/models/badge.rb": "class Badge\n  attr_accessor :label\n  def reset\n    self.label = 1\n  end\nend\n",
      "app/models/shiny_badge.rb": "class ShinyBadge < Badge\n  def label=(value)\n    @label = value.to_s\n  end\nend\n",
    };
    const out = await emitted(files);
    expect(body(out.get("models/card.ts"), "tidy")).toBe("this.title = this.title; return (this.note = null);");
    expect(body(out.get("models/badge.ts"), "reset")).toBe('return send(this, "label=", 1);');
  });
});

describe("self in a reopened core class", () => {
  it("is a String in `class String`: its core methods are called on it directly; a receiver-less call is still found by name", async () => {
    const out = await emitted({ "lib/string_ext.rb": "class String\n  def shouty?\n    self.match?(/\\A[A-Z]+\\z/)\n  end\n  def loud?\n    upcase == self\n  end\nend\n" });
    const ext = out.get("models/core_ext/string.ts");
    expect(ext).toContain("return StringMethods.isMatch(this, rubyRegexp(");
    expect(ext).toContain('coreSend(this, "upcase")');
  });
});

describe("a plain class's own constant", () => {
  it("is typed by its value (an Array, an Array + an Array, an IPAddr): its methods are called directly; a value nothing proves stays unknown", async () => {
    const files = {
      "app/models/filter.rb": [
        "class Filter",
        "  DOMAINS = %w[ x.com twitter.com ]",
        "  TAGS = %w[ a b ] + [ Filter.name ]",
        "  LOCAL = IPAddr.new(\"0.0.0.0/8\")",
        "  OTHER = Rails.cache",
        "  def self.twitter?(url)\n    DOMAINS.any? { |d| url.include?(d) }\n  end",
        "  def self.selector\n    TAGS.map { |t| \":not(#{t})\" }.join\n  end",
        "  def self.local?(ip)\n    LOCAL.include?(ip)\n  end",
        "  def self.other\n    OTHER.fetch(1)\n  end",
        "end\n",
      ].join("\n"),
    };
    const model = (await emitted(files)).get("models/filter.ts");
    expect(model).toContain("static get DOMAINS(): Array<unknown> {");
    expect(model).toContain("static get LOCAL(): IPAddr {");
    expect(body(model, "static isTwitter")).toBe('return ArrayMethods.isAny(Filter.DOMAINS, (d: unknown) => { return coreSend(url, "include?", d); });');
    expect(body(model, "static selector")).toBe("return ArrayMethods.join( ArrayMethods.map(Filter.TAGS, (t: unknown) => { return `:not(${toS(t)})`; }) as Array<unknown>, );");
    expect(body(model, "static isLocal")).toBe("return Filter.LOCAL.isInclude(ip);");
    expect(body(model, "static other")).toBe('return coreSend(Filter.OTHER, "fetch", 1);');
  });
});

describe("Nokogiri's documents typed as the runtime's", () => {
  const document = (extra = "") => ({
    "app/models/page.rb": [
      "class Page",
      "  attr_accessor :html",
      "  def initialize(html)\n    @html = Nokogiri::HTML(html)\n  end",
      "  def metas\n    html.xpath(\"//meta\").map { |tag| tag }.compact\n  end",
      "  def encoded?\n    html.meta_encoding\n  end",
      "end\n",
    ].join("\n"),
    "app/models/reader.rb": `class Reader\n  def self.read(text)\n    page = Page.new(text)\n${extra}    page.metas\n  end\nend\n`,
  });

  it("reads an attr_accessor's ivar that initialize alone assigns (its writer called nowhere) as a Nokogiri document: xpath and meta_encoding are direct", async () => {
    const model = (await emitted(document())).get("models/page.ts");
    expect(body(model, "metas")).toBe('return ArrayMethods.compact( ArrayMethods.map((this.html as NokogiriDocument).xpath("//meta") as Array<NokogiriNode>, (tag: NokogiriNode) => { return tag; }) as Array<unknown>, );');
    expect(body(model, "isEncoded")).toBe("return (this.html as NokogiriDocument).metaEncoding();");
  });

  it("keeps the dynamic path where the app calls the writer, or calls a method by a computed name", async () => {
    for (const extra of ["    page.html = nil\n", "    page.public_send(ARGV.first, nil)\n"]) {
      const model = (await emitted(document(extra))).get("models/page.ts");
      expect(body(model, "isEncoded")).toBe('return send(this.html, "meta_encoding");');
    }
  });
});

describe("Nokogiri's XPath results", () => {
  it("are element nodes where the literal's last step selects elements: their key?, [] (a String or nil) and String's gsub are direct; an attribute step's are not", async () => {
    const files = {
      "app/models/page.rb": [
        "class Page",
        "  def initialize(html)\n    @doc = Nokogiri::HTML(html)\n  end",
        "  def tags\n    @doc.xpath(\"//*/meta[@property]\").map { |tag| [ tag.key?(\"name\"), tag[\"property\"].gsub(\"og:\", \"\").to_sym ] }\n  end",
        "  def attrs\n    @doc.xpath(\"//meta/@content\").map { |a| a.key?(\"x\") }\n  end",
        "end\n",
      ].join("\n"),
      "app/models/reader.rb": "class Reader\n  def self.read(text)\n    Page.new(text).tags\n  end\nend\n",
    };
    const model = (await emitted(files)).get("models/page.ts");
    expect(body(model, "tags")).toBe(
      'return ArrayMethods.map( (this.ivars.doc as NokogiriDocument).xpath("//*/meta[@property]") as Array<NokogiriNode>, (tag: NokogiriNode) => { return [ tag.isKey("name"), StringMethods.toSym( StringMethods.gsub(nonNil(coreIndex(tag, "property") as string | null, "gsub"), "og:", ""), ), ]; }, ) as Array<unknown>;',
    );
    expect(body(model, "attrs")).toContain('coreSend(a, "key?", "x")');
  });
});

describe("net-http-persistent's pool", () => {
  it("is a runtime value object: an ivar initialize assigns it once is read so, its shutdown called directly", async () => {
    const files = {
      "app/models/pusher.rb": "class Pusher\n  attr_reader :connection\n  def initialize\n    @connection = Net::HTTP::Persistent.new(name: \"push\", pool_size: 5)\n  end\n  def close\n    connection.shutdown\n  end\nend\n",
      "app/models/reader.rb": "class Reader\n  def self.run\n    Pusher.new.close\n  end\nend\n",
    };
    expect(body((await emitted(files)).get("models/pusher.ts"), "close")).toBe("return (this.connection as NetHttpPersistent).shutdown();");
  });
});
