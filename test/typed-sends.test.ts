// The inference rules that turn run-time dispatch (send, coreSend, sendSafe) into direct calls (issue 18): each case
// is a small Rails app compiled by the real pipeline, and the expected line is the direct call Rails' own semantics
// make possible, written here by hand (a column's type, an association's class, what every call site passes...).
// A last case per rule keeps the dynamic path where the type is really unknown.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "posts" do |t|\n    t.string "title", null: false\n    t.text "body"\n    t.integer "status", default: 0, null: false\n    t.integer "author_id"\n  end',
    '  create_table "authors" do |t|\n    t.string "name", null: false\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/author.rb": [
    "class Author < ApplicationRecord",
    "  has_many :posts",
    "  def welcome(post)\n    post.title\n  end",
    "end\n",
  ].join("\n"),
  "app/models/post.rb": [
    "class Post < ApplicationRecord",
    "  belongs_to :author",
    "  enum :status, %i[draft published]",
    "  def self.publish!(title)\n    create!(title: title)\n  end",
    "  def summary\n    body.squish\n  end",
    "  def label\n    status.humanize\n  end",
    "  def greet\n    author.welcome(self)\n  end",
    "end\n",
  ].join("\n"),
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/posts_controller.rb": [
    "class PostsController < ApplicationController",
    "  def show",
    "    @post = Post.find(params[:id])",
    "    @ip = request.remote_ip",
    "    @author = @post.author.posts.first.author",
    "  end",
    "",
    "  def create",
    "    Author.find(params[:id]).posts.publish!(params[:title])",
    "    cookies.delete(:token)",
    "    head :ok",
    "  end",
    "end\n",
  ].join("\n"),
  "app/helpers/posts_helper.rb": "module PostsHelper\n  def headline(post)\n    post.title\n  end\n\n  def anything(value)\n    value.title\n  end\nend\n",
  "app/views/posts/show.html.erb": "<%= headline @post %>\n<%= anything @post %>\n<%= anything params[:x] %>\n",
};

async function emitted(files: Record<string, string> = {}): Promise<Map<string, string>> {
  return emittedApp("typed-sends", BASE, files);
}

/** The base app's Author with more methods. */
const authorWith = (methods: string) => `class Author < ApplicationRecord\n  has_many :posts\n${methods}end\n`;

/** The app's job base class. */
const APPLICATION_JOB = { "app/jobs/application_job.rb": "class ApplicationJob < ActiveJob::Base\nend\n" };

/** A Gemfile.lock that bundles one gem. */
const lockfile = (gem: string, version: string) => `GEM\n  remote: https://rubygems.org/\n  specs:\n    ${gem} (${version})\n\nDEPENDENCIES\n  ${gem}\n`;


describe("direct calls where Rails' own edges prove the receiver's type", () => {
  it("types a model's own nullable column (its core method called directly, nil raising NoMethodError) and an enum's attribute as a String", async () => {
    const out = await emitted();
    const post = out.get("models/post.ts");
    expect(lineWith(post, "squish")).toBe('return StringMethods.squish(nonNil(this.body, "squish"));');
    expect(lineWith(post, "humanize")).toBe('return StringMethods.humanize(nonNil(this.status, "humanize"));');
    expect(lineWith(post, "declare status")).toBe("declare status: string | null;");
  });

  it("types a model's association read inside it, and a model method's parameter by what every call passes", async () => {
    const out = await emitted();
    expect(lineWith(out.get("models/post.ts"), "welcome")).toBe("return this.author.welcome(this) as string;");
    expect(lineWith(out.get("models/author.ts"), ".title")).toBe("return (post as Post).title;");
  });

  it("leaves a model method's parameter untyped when a call passes something else", async () => {
    const out = await emitted({ "app/controllers/authors_controller.rb": "class AuthorsController < ApplicationController\n  def show\n    Author.find(1).welcome(params[:post])\n    head :ok\n  end\nend\n" });
    expect(lineWith(out.get("models/author.ts"), '"title"')).toBe('return send(post, "title");');
  });

  it("types a helper's parameter by the join of its call sites, and not where one site passes an unknown value", async () => {
    const helpers = (await emitted()).get("helpers.ts");
    expect(lineWith(helpers, "post as Post")).toBe("return (post as Post).title;");
    expect(lineWith(helpers, '"title"')).toBe('return send(value, "title");');
  });

  it("calls the controller's request and cookies as the runtime's Request and CookieJar", async () => {
    const controller = (await emitted()).get("controllers/posts_controller.ts");
    expect(lineWith(controller, "remoteIp")).toBe("this.assigns.ip = this.request.remoteIp ?? null;");
    expect(lineWith(controller, "token")).toBe('this.cookies.delete("token");');
  });

  it("types what a model's instance method answers where its body proves it, and has_one_attached's reader as ActiveStorage::Attached::One", async () => {
    const files = {
      "app/models/post.rb": [
        "class Post < ApplicationRecord",
        "  belongs_to :author",
        "  has_one_attached :cover",
        "  def writer\n    author || build_author\n  end",
        "  def writer_name\n    writer.name\n  end",
        "  def cover?\n    cover.attached?\n  end",
        "  def cover_kind\n    cover.content_type\n  end",
        "  def cover_video?\n    cover.video?\n  end",
        "  def cover_thumb\n    cover.representation(resize_to_limit: [100, 100])\n  end",
        "end\n",
      ].join("\n"),
    };
    const post = (await emitted(files)).get("models/post.ts");
    expect(lineWith(post, ".name")).toBe("return (this.writer() as Author).name;");
    expect(lineWith(post, "isAttached")).toBe("return (this.cover() as AttachedOne).isAttached();");
    // content_type is no member of Attached::One: delegate_missing_to hands it to the attachment at run time.
    expect(lineWith(post, "content_type")).toBe('return send(this.cover() as AttachedOne, "content_type");');
    // The attachment's and its blob's methods Attached::One declares (each delegated as any other name is): direct.
    expect(lineWith(post, "isVideo")).toBe("return (this.cover() as AttachedOne).isVideo();");
    expect(lineWith(post, "representation")).toBe("return (this.cover() as AttachedOne).representation({ resize_to_limit: [100, 100] });");
  });

  it("leaves an instance method's answer untyped when another model defines the name too (a record may be either's)", async () => {
    const files = {
      "app/models/post.rb": "class Post < ApplicationRecord\n  belongs_to :author\n  def writer\n    author\n  end\n  def writer_name\n    writer.name\n  end\nend\n",
      "app/models/author.rb": authorWith("  def writer\n    self\n  end\n"),
    };
    const post = (await emitted(files)).get("models/post.ts");
    expect(lineWith(post, '"name"')).toBe('return coreSend(this.writer(), "name");');
  });

  it("types platform_agent's browser as a String or nil (its core methods called directly, nil raising NoMethodError), and useragent's parsed agents", async () => {
    const files = {
      "Gemfile.lock": lockfile("platform_agent", "1.0.1"),
      "app/models/agent.rb": "class Agent < PlatformAgent\n  def chrome?\n    user_agent.browser.match? /Chrome/\n  end\nend\n",
      "app/helpers/posts_helper.rb": "module PostsHelper\n  def browser_name\n    Agent.new('x').browser.capitalize\n  end\n\n  def platform_name\n    UserAgent.parse('x').platform\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= browser_name %>\n<%= platform_name %>\n",
    };
    const out = await emitted(files);
    const helpers = out.get("helpers.ts");
    expect(lineWith(helpers, "capitalize")).toBe('return StringMethods.capitalize(nonNil(Agent.build("x").browser(), "capitalize"));');
    expect(lineWith(helpers, "platform()")).toBe('return UserAgentClass.parse("x").platform();');
    expect(lineWith(out.get("models/agent.ts"), "RegExp")).toBe('return StringMethods.isMatch(nonNil(this.userAgent().browser(), "match?"), new RegExp("Chrome", ""));');
  });

  it("calls turbo-rails' turbo_stream tag builder's actions directly", async () => {
    const files = {
      "Gemfile.lock": lockfile("turbo-rails", "2.0.11"),
      "app/views/posts/show.turbo_stream.erb": "<%= turbo_stream.remove @post %>\n",
    };
    const view = (await emitted(files)).get("views/posts/show.turbo_stream.ts");
    expect(lineWith(view, "remove")).toBe("out.append(view.turboStream().remove(view.assigns.post as Post));");
  });

  it("calls Rails.logger's level methods directly", async () => {
    const files = { "app/models/author.rb": authorWith('  def note\n    Rails.logger.info "noted"\n  end\n') };
    const author = (await emitted(files)).get("models/author.ts");
    expect(lineWith(author, "noted")).toBe('return RailsModule.logger().info("noted");');
  });

  it("reads a plain class's delegate target through its own reader, and calls a job class's perform_later directly", async () => {
    const files = {
      "app/models/greeter.rb": "class Greeter\n  attr_reader :author\n  delegate :name, to: :author\n  def initialize(author)\n    @author = author\n  end\nend\n",
      ...APPLICATION_JOB,
      "app/jobs/touch_job.rb": "class TouchJob < ApplicationJob\n  def perform(author)\n  end\nend\n",
      "app/models/author.rb": authorWith("  def later\n    TouchJob.perform_later(self)\n  end\n"),
    };
    const out = await emitted(files);
    expect(lineWith(out.get("models/greeter.ts"), '"name"')).toBe('return send(this.author, "name", ...args);');
    expect(lineWith(out.get("models/author.ts"), "performLater")).toBe("return TouchJob.performLater(this);");
  });

  it("calls an Active Model plain class's valid? and its errors' add directly, and Object's then on it", async () => {
    const files = {
      "app/models/link.rb": "class Link\n  include ActiveModel::Model\n  attr_accessor :url\n  validate :check\n  def check\n    errors.add :url, \"is invalid\"\n  end\nend\n",
      "app/models/author.rb": authorWith("  def linked?\n    Link.new(url: name).valid?\n  end\n  def checked\n    Link.new(url: name).then { |link| link.valid? }\n  end\n"),
    };
    const out = await emitted(files);
    // [module, marker, its one line]
    const lines: Array<[string, string, string]> = [
      ["models/link.ts", "is invalid", 'return this.errors.add("url", "is invalid");'],
      ["models/author.ts", "build({ url: this.name }).isValid", "return Link.build({ url: this.name }).isValid();"],
      // Object#then on it, its block taking the receiver's type.
      ["models/author.ts", "ObjectMethods.then", "return ObjectMethods.then(Link.build({ url: this.name }), (link: Link) => {"],
      ["models/author.ts", "link.isValid", "return link.isValid();"],
    ];
    for (const [module, marker, line] of lines) expect(lineWith(out.get(module), marker)).toBe(line);
  });

  it("types a plain class's ivar by what every call of its constructor passes, and not where the class is also named as a value", async () => {
    const card = "class Card\n  attr_reader :post\n  def initialize(post, style: nil)\n    @post, @style = post, style\n  end\n  def heading\n    post.title\n  end\n  def body\n    @post.body\n  end\nend\n";
    const files = {
      "app/models/card.rb": card,
      "app/helpers/posts_helper.rb": "module PostsHelper\n  def card_for(post)\n    Card.new(post, style: :wide).heading\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= card_for @post %>\n",
    };
    const typed = (await emitted(files)).get("models/card.ts");
    expect(lineWith(typed, "title")).toBe("return (this.post as Post).title;");
    expect(lineWith(typed, ".body")).toBe("return (this.ivars.post as Post).body;");
    const escaped = (await emitted({ ...files, "app/helpers/cards_helper.rb": "module CardsHelper\n  def card_class\n    Card\n  end\nend\n" })).get("models/card.ts");
    expect(lineWith(escaped, "title")).toBe('return send(this.post, "title");');
  });

  it("types geared_pagination's @page as its GearedPagination::Page", async () => {
    const controller = "class AuthorsController < ApplicationController\n  def index\n    set_page_and_extract_portion_from Author.all\n  end\nend\n";
    const out = await emitted({ "Gemfile.lock": lockfile("geared_pagination", "1.2.0"), "app/controllers/authors_controller.rb": controller, "app/views/authors/index.html.erb": "<%= @page.next_param %>\n" });
    const view = out.get("views/authors/index.html.ts");
    expect(lineWith(view, "nextParam")).toBe("out.append((view.assigns.page as GearedPaginationPage).nextParam());");
  });

  it("runs a class method called on a relation inside its scoping, typed by what its body answers", async () => {
    const controller = (await emitted()).get("controllers/posts_controller.ts");
    expect(lineWith(controller, "publishBang")).toBe('((rel1: Relation<Post>) => rel1.scoping(() => (rel1.model as typeof Post).publishBang(this.params.get("title"))))(');
  });

  it("types a partial's locals by what every render of it passes, and not where the partial is also named elsewhere", async () => {
    const views = {
      "app/views/posts/show.html.erb": '<%= render "posts/card", entry: @post %>\n<%= form_with model: @post do |form| %><%= render "fields", builder: form %><% end %>\n',
      "app/views/posts/_card.html.erb": "<%= entry.title %>\n",
      "app/views/posts/_fields.html.erb": "<%= builder.text_field :title %>\n",
    };
    const out = await emitted(views);
    expect(lineWith(out.get("views/posts/_card.html.ts"), "title")).toBe('out.append((readLocal(locals, "entry") as Post).title);');
    expect(lineWith(out.get("views/posts/_fields.html.ts"), "text")).toBe('out.append((readLocal(locals, "builder") as FormBuilder).textField("title"));');
    const controller = "class AuthorsController < ApplicationController\n  def show\n    render partial: \"posts/card\", locals: { entry: params[:x] }\n  end\nend\n";
    const escaped = await emitted({ ...views, "app/controllers/authors_controller.rb": controller });
    expect(lineWith(escaped.get("views/posts/_card.html.ts"), "title")).toBe('out.append(send(readLocal(locals, "entry") as unknown, "title"));');
  });

  it("types the block parameter of a helper that hands its own block on to form_with as a FormBuilder", async () => {
    const views = {
      "app/helpers/forms_helper.rb": "module FormsHelper\n  def post_form(post, &)\n    form_with model: post, &\n  end\n\n  def custom_form(post, &)\n    form_with model: post, builder: Object, &\n  end\nend\n",
      "app/views/posts/show.html.erb": "<%= post_form @post do |form| %><%= form.text_field :title %><% end %>\n<%= custom_form @post do |form| %><%= form.text_area :body %><% end %>\n",
    };
    const view = (await emitted(views)).get("views/posts/show.html.ts");
    expect(lineWith(view, "textField")).toContain('= form.textField("title");');
    expect(lineWith(view, "text_area")).toContain('= send(form, "text_area", "body");');
  });

  it("types a job's perform parameters by every perform_later of it, and a constructor's keywords by every new's", async () => {
    const files = {
      ...APPLICATION_JOB,
      "app/jobs/notify_job.rb": "class NotifyJob < ApplicationJob\n  def perform(post)\n    Notifier.new(post: post).deliver\n  end\nend\n",
      "app/models/notifier.rb": "class Notifier\n  def initialize(post:)\n    @post = post\n  end\n  def deliver\n    @post.title\n  end\nend\n",
      "app/models/author.rb": authorWith("  def notify(post)\n    NotifyJob.perform_later(post)\n  end\n  def ping\n    notify(posts.first)\n  end\n"),
    };
    const out = await emitted(files);
    expect(lineWith(out.get("models/notify_job.ts"), "Notifier.build")).toBe("return Notifier.build({ post: post as Post }).deliver() as string;");
    expect(lineWith(out.get("models/notifier.ts"), "title")).toBe("return (this.ivars.post as Post).title;");
    // A perform_now given what no analysis types: perform's parameter, and the ivar it reaches, stay untyped.
    const untyped = await emitted({ ...files, "app/helpers/posts_helper.rb": "module PostsHelper\n  def run_now\n    NotifyJob.perform_now(params[:x])\n  end\nend\n" });
    expect(lineWith(untyped.get("models/notify_job.ts"), "Notifier.build")).toBe("return Notifier.build({ post: post }).deliver();");
    expect(lineWith(untyped.get("models/notifier.ts"), "title")).toBe('return send(this.ivars.post, "title");');
  });

  it("types a channel's ivars and methods by its own code: an ivar every assignment of which proves one model", async () => {
    const channel = (assign: string) => `class PostChannel < ApplicationCable::Channel\n  def subscribed\n    @post = ${assign}\n    stream_for @post\n  end\n\n  def heading\n    @post.title\n  end\n\n  private\n    def find_post\n      Post.find_by(id: params[:id])\n    end\nend\n`;
    const files = {
      "app/channels/application_cable/connection.rb": "module ApplicationCable\n  class Connection < ActionCable::Connection::Base\n  end\nend\n",
      "app/channels/application_cable/channel.rb": "module ApplicationCable\n  class Channel < ActionCable::Channel::Base\n  end\nend\n",
      "app/channels/post_channel.rb": channel("find_post"),
    };
    const typed = (await emitted(files)).get("channels/post_channel.ts");
    expect(lineWith(typed, "title")).toBe('return (this["@post"] as Post).title;');
    const untyped = (await emitted({ ...files, "app/channels/post_channel.rb": channel("params[:post]") })).get("channels/post_channel.ts");
    expect(lineWith(untyped, "title")).toBe('return send(this["@post"], "title");');
  });

  it("calls an enum's scopes and joins with literal associations as the relations they answer", async () => {
    const controller = [
      "class PostsController < ApplicationController",
      "  def index",
      "    @titles = Post.published.joins(:author).first.title",
      "  end",
      "end\n",
    ].join("\n");
    const out = (await emitted({ "app/controllers/posts_controller.rb": controller })).get("controllers/posts_controller.ts");
    expect(lineWith(out, "published")).toBe('this.assigns.titles = (scope<Post>(Post, "published").joins("author").first() as Post).title;');
  });

  it("types Ruby's URI and Net::HTTP values and a model method's lowered result (a session, a response, a memoized URI)", async () => {
    const methods = (reset: string) =>
      authorWith(`  def ping\n    post_it.code\n  end\n  def post_it\n    http.request(Net::HTTP::Post.new(uri))\n  end\n  def http\n    Net::HTTP.new(uri.host, uri.port).tap { |h| h.use_ssl = true }\n  end\n  def uri\n    @uri ||= URI("https://example.com/hook")\n  end\n${reset}`);
    const typed = (await emitted({ "app/models/author.rb": methods("") })).get("models/author.ts");
    expect(lineWith(typed, ".code")).toBe("return (this.postIt() as NetHttpResponse).code;");
    expect(lineWith(typed, ".request(")).toBe("return (this.http() as NetHttp).request(NetHttpClass.Post.build(this.uri() as UriGeneric));");
    expect(lineWith(typed, "setUseSsl")).toBe("return h.setUseSsl(true);");
    // @uri assigned elsewhere too: what uri answers is not the memo's alone.
    const untyped = (await emitted({ "app/models/author.rb": methods("  def forget\n    @uri = nil\n  end\n") })).get("models/author.ts");
    expect(lineWith(untyped, '"host"')).toContain('send(this.uri(), "host")');
  });

  it("types a setting every write of which makes one plain class, that class's private method's parameters by its calls on self, and find_each's block", async () => {
    const files = (value: string) => ({
      "config/initializers/pinger.rb": `Rails.application.configure do\n  config.x.pinger = ${value}\nend\n`,
      "app/models/pinger.rb": "class Pinger\n  def ping_all(posts)\n    posts.find_each { |post| ping(post) }\n  end\n\n  private\n    def ping(post)\n      post.title\n    end\nend\n",
      "app/models/author.rb": authorWith("  def notify\n    Rails.configuration.x.pinger.ping_all(posts)\n  end\n"),
    });
    const out = await emitted(files("Pinger.new"));
    expect(lineWith(out.get("models/author.ts"), "pingAll")).toBe("return (constants.Rails_application_config_x_pinger() as Pinger).pingAll(this.posts);");
    expect(lineWith(out.get("models/pinger.ts"), "findEach")).toBe("return (posts as Relation<Post>).findEach((post: Post) => {");
    expect(lineWith(out.get("models/pinger.ts"), "title")).toBe("return (post as Post).title;");
    // Another write makes something else: the setting, and what it reaches, stay untyped.
    const other = await emitted(files("Pinger.new\n  config.x.pinger = Object.new"));
    expect(lineWith(other.get("models/author.ts"), "ping_all")).toBe('return send(constants.Rails_application_config_x_pinger(), "ping_all", this.posts);');
    expect(lineWith(other.get("models/pinger.ts"), "find_each")).toContain('send(posts, "find_each"');
  });

  it("types join as a String on an Array only (an unknown receiver's join may be Pathname#join)", async () => {
    const out = await emitted({
      "app/models/paths.rb": "class Paths\n  def self.under(root)\n    root.join(\"tmp\").to_s\n  end\n  def self.words\n    %w[ a b ].join(\"-\").upcase\n  end\nend\n",
    });
    const model = out.get("models/paths.ts");
    expect(lineWith(model, "tmp")).toBe('return coreSend(coreSend(root, "join", "tmp"), "to_s");');
    expect(lineWith(model, "upcase")).toBe('return StringMethods.upcase(ArrayMethods.join(["a", "b"], "-"));');
  });

  it("types rqrcode's RQRCode::QRCode.new as a QR code whose as_svg is called directly", async () => {
    const out = await emitted({
      "app/models/badge.rb": "class Badge\n  def svg(url)\n    RQRCode::QRCode.new(url).as_svg(viewbox: true, fill: :white)\n  end\n  def other(code)\n    code.as_svg\n  end\nend\n",
    });
    expect(lineWith(out.get("models/badge.ts"), "asSvg")).toBe('return RQRCodeQRCodeClass.new(url).asSvg({ viewbox: true, fill: "white" });');
    // A value nothing proves a QR code stays dynamic.
    expect(out.get("models/badge.ts")).toContain('send(code, "as_svg")');
  });

  it("types a thread pool a plain class's initialize assigns once, and a local a begin assigns once for the code after it", async () => {
    const pool = (more: string) =>
      `class Pool\n  attr_reader :workers\n  def initialize\n    @workers = Concurrent::FixedThreadPool.new(1)\n  end\n  def stop\n    workers.shutdown\n  end\n  def spare\n    begin\n      extra = Concurrent::ThreadPoolExecutor.new(max_threads: 1)\n    rescue ArgumentError\n    end\n    extra.kill\n  end\n${more}end\n`;
    const typed = (await emitted({ "app/models/pool.rb": pool("") })).get("models/pool.ts");
    expect(lineWith(typed, "shutdown")).toBe("return (this.workers as ConcurrentThreadPool).shutdown();");
    expect(lineWith(typed, "kill")).toBe("return (extra as ConcurrentThreadPool).kill();");
    // Assigned again elsewhere: neither is proved.
    const untyped = (await emitted({ "app/models/pool.rb": pool("  def reset\n    @workers = nil\n    extra = nil\n  end\n  def spare_again\n    begin\n      extra = Concurrent::ThreadPoolExecutor.new\n      extra = nil if extra\n    rescue ArgumentError\n    end\n    extra.kill\n  end\n") })).get("models/pool.ts");
    expect(lineWith(untyped, "shutdown")).toBe('return send(this.workers, "shutdown");');
    expect(untyped).toContain('return send(extra, "kill");');
    // Hoisted inside a branch and assigned again after it: the method's local, not proved.
    const nested = (await emitted({ "app/models/pool.rb": pool("  def spare_nested(flag)\n    if flag\n      begin\n        other = Concurrent::ThreadPoolExecutor.new\n      rescue ArgumentError\n      end\n      other.kill\n    end\n    other = 1\n  end\n") })).get("models/pool.ts");
    expect(nested).toContain('send(other, "kill");');
  });

  it("types a block given to a plain class's own method by what every yield of that method passes", async () => {
    const client = (extra: string) =>
      `class Client\n  def code_of(url)\n    fetch(url) { |response| response.code }\n  end\n\n  private\n    def fetch(url)\n      Net::HTTP.start("example.com", 443) do |http|\n        http.request(Net::HTTP::Get.new(url)) { |response| yield response }\n      end\n${extra}    end\nend\n`;
    const typed = (await emitted({ "app/models/client.rb": client("") })).get("models/client.ts");
    expect(lineWith(typed, ".code")).toBe("return response.code;");
    // A method that also yields something else: its block's parameter is not proved.
    const untyped = (await emitted({ "app/models/client.rb": client("      yield url\n") })).get("models/client.ts");
    expect(lineWith(untyped, '"code"')).toBe('return send(response, "code");');
  });
});

describe("direct calls in views, helpers, controllers and routes (issue 18's views half)", () => {
  const VIEW_APP = {
    "app/controllers/posts_controller.rb": [
      "class PostsController < ApplicationController",
      "  def show",
      "    @post = Post.find(params[:id])",
      "    @drafts, @rest = Post.where(status: 0).partition { |p| p.title.present? }",
      '    response.headers["X-Probe"] = "1"',
      "  end",
      "end\n",
    ].join("\n"),
    "app/helpers/posts_helper.rb": [
      "module PostsHelper",
      "  KINDS = %w[ a b ]",
      "  def kinds_count\n    KINDS.size\n  end",
      "  def tagged(post, **attributes)\n    attributes.delete(:data)\n    post.title\n  end",
      "  def stamped\n    { data: { tagged: 1 } }\n  end",
      "end\n",
    ].join("\n"),
    "app/views/posts/show.html.erb": [
      "<% members = @post.author.posts.presence || [ @post ] %>",
      "<%= members.many? %>",
      "<% members.first(2).each do |p| %><%= p.title %><% end %>",
      "<%= members.map { |m| m.title.split(' ')[0, 2].map { |w| w[0] }.join }.to_sentence %>",
      "<% numbers = @post.author.posts.presence || [ 1 ] %><%= numbers.many? %>",
      "<%= @drafts.any? %>",
      "<%= kinds_count %><%= tagged @post, class: 'x' %>",
      "<%= @post.class.name %>",
      "<%= Sentry.capture_message(@post.title) %>",
    ].join("\n"),
  };

  it("joins a Relation and an Array of one model into an enumerable of it, whose shared members are each one's own; an Array's blocks take its elements", async () => {
    const view = (await emitted(VIEW_APP)).get("views/posts/show.html.ts");
    const text = (view ?? "").replace(/\s+/g, " ");
    expect(text).toContain("let members = or(ObjectMethods.presence((view.assigns.post as Post).author.posts) as Relation<Post>, () => [ view.assigns.post as Post, ]) as Relation<Post> | Array<Post>;");
    expect(text).toContain("((v1: Relation<Post> | Array<Post>) => (Array.isArray(v1) ? ArrayMethods.isMany(v1) : v1.isMany()))( members, ) as boolean");
    expect(text).toContain("((v2: Relation<Post> | Array<Post>) => (Array.isArray(v2) ? ArrayMethods.first(v2, 2) : v2.first(2)))( members, ) as Array<Post>");
    expect(text).toContain("ArrayMethods.map( ((v3: Relation<Post> | Array<Post>) => (Array.isArray(v3) ? v3 : v3.toA()))(members), (m: Post) => {");
    expect(text).toContain('nonNil( coreIndex(StringMethods.split(m.title, " ") as Array<string>, 0, 2) as Array<string> | null, "map", )');
    expect(text).toContain('(w: string) => { return coreIndex(w, 0) as string | null;');
    // A Relation joined with an Array of Integers is no enumerable of one model: by name, as before.
    expect(text).toContain('coreSend(numbers, "many?")');
  });

  it("types @a, @b = records.partition { } as Arrays of the model, a controller's response, a helper constant, a **keywords Hash and a model class's name", async () => {
    const out = await emitted(VIEW_APP);
    const controller = (out.get("controllers/posts_controller.ts") ?? "").replace(/\s+/g, " ");
    expect(controller).toContain("ArrayMethods.partition(Post.where({ status: 0 }).toA(), (p: Post) => {");
    expect(controller).toContain("const value2 = (values1[0] ?? null) as Array<Post> | null;");
    expect(controller).toContain('indexSet(this.response.headers, "X-Probe", "1")');
    const view = (out.get("views/posts/show.html.ts") ?? "").replace(/\s+/g, " ");
    expect(view).toContain('ArrayMethods.isAny(nonNil(view.assigns.drafts as Array<Post> | null, "any?"))');
    expect(view).toContain("appClassName(ObjectMethods.class(view.assigns.post as Post) as typeof Post) as string");
    // Sentry is no constant the compiler resolves: the call is its receiver's raise.
    expect(view).toContain('out.append(unsupported("Sentry"));');
    const helpers = (out.get("helpers.ts") ?? "").replace(/\s+/g, " ");
    expect(out.get("constants.ts")).toContain("export function PostsHelper_KINDS(): Array<unknown> {");
    expect(helpers).toContain("return ArrayMethods.size(constants.PostsHelper_KINDS());");
    expect(helpers).toContain('HashMethods.delete(attributes, "data");');
    // `data: { tagged: 1 }` names a key, not the helper: its one call still types its parameter.
    expect(helpers).toContain("return (post as Post).title;");
  });

  it("hands a record method Attached::One lacks to its attachment (nil when none), and types a partial's local a Relation here and an Array there pass", async () => {
    const files = {
      "app/models/post.rb": "class Post < ApplicationRecord\n  belongs_to :author\n  has_one_attached :cover\n  def drop_cover\n    cover.destroy\n  end\n  def cover_kind\n    cover.content_type\n  end\nend\n",
      "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def show\n    @all = Post.where(status: 0)\n    @picked, @rest = @all.partition { |p| p.title.present? }\n  end\nend\n",
      "app/views/posts/show.html.erb": '<%= render "posts/list", entries: @all %>\n<%= render "posts/list", entries: @picked %>\n',
      "app/views/posts/_list.html.erb": "<%= entries.size %>\n",
      // Active Storage loaded, with its tables (its install migration's): ActiveStorage::Attachment is a model of the app.
      "config/application.rb": (BASE["config/application.rb"] ?? "").replace('require "rails"', 'require "rails/all"'),
      "db/schema.rb": (BASE["db/schema.rb"] ?? "").replace(
        /\nend\n$/,
        [
          '\n  create_table "active_storage_blobs" do |t|\n    t.string "key", null: false\n    t.string "filename", null: false\n    t.string "service_name", null: false\n    t.bigint "byte_size", null: false\n    t.datetime "created_at", null: false\n  end',
          '  create_table "active_storage_attachments" do |t|\n    t.string "name", null: false\n    t.string "record_type", null: false\n    t.bigint "record_id", null: false\n    t.bigint "blob_id", null: false\n    t.datetime "created_at", null: false\n  end\nend\n',
        ].join("\n"),
      ),
    };
    const out = await emitted(files);
    const post = (out.get("models/post.ts") ?? "").replace(/\s+/g, " ");
    expect(post).toContain("((attachment1: ActiveStorage_Attachment | null) => (attachment1 == null ? null : attachment1.destroy()))( (this.cover() as AttachedOne).attachment as ActiveStorage_Attachment | null, )");
    // content_type is no method of a record: still the attachment's at run time, by name.
    expect(post).toContain('send(this.cover() as AttachedOne, "content_type")');
    const list = (out.get("views/posts/_list.html.ts") ?? "").replace(/\s+/g, " ");
    expect(list).toContain('((v1: Relation<Post> | Array<Post>) => (Array.isArray(v1) ? ArrayMethods.size(v1) : v1.size()))( readLocal(locals, "entries") as Relation<Post> | Array<Post>, )');
  });

  it("types a direct route's block parameter by every call of its helpers, and not where a Symbol names one", async () => {
    const routes = 'Rails.application.routes.draw do\n  resources :posts\n  direct :post_card do |post|\n    route_for :post, post.id\n  end\nend\n';
    const view = { "app/views/posts/show.html.erb": "<%= post_card_path(@post) %>\n" };
    const typed = (await emitted({ ...view, "config/routes.rb": routes, "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def show\n    @post = Post.find(params[:id])\n  end\nend\n" })).get("routes.ts");
    expect(typed).toContain("const post = (given[0] ?? null) as Post;");
    expect(typed).toContain("return postUrl(ctx, post.id);");
    const helper = { "app/helpers/posts_helper.rb": "module PostsHelper\n  def card_route\n    method(:post_card_path)\n  end\nend\n" };
    const untyped = (await emitted({ ...view, ...helper, "config/routes.rb": routes })).get("routes.ts");
    expect(untyped).toContain("const post = given[0] ?? null;");
  });
});
