// ActionMailer::MessageDelivery#deliver_later: ActionMailer::MailDeliveryJob, run as the app's queue adapter runs
// jobs (:async after the current work, :inline at once, :test only enqueued), the message built when the job
// performs; a mail method that is not the mailer's is NoMethodError, as Rails' method_missing answers.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ActionMailerBase, MailDeliveryJob, mailerConfig } from "../runtime/action-mailer/index.js";
import { drainJobs, queueAdapterConfig } from "../runtime/active-job/index.js";
import { send } from "../runtime/active-support/index.js";
import { NoMethodError } from "../runtime/ruby/exceptions.js";

class NoteMailer extends ActionMailerBase {
  static override rubyName = "NoteMailer";
  static {
    this.default({ from: "notes@example.com" });
  }
  note(text: unknown): unknown {
    this.ivars.text = text;
    return this.mail({ to: "you@example.com", subject: "A note" });
  }
}

beforeAll(() => {
  mailerConfig.hasTemplate = (path, format) => path === "note_mailer/note" && format === "text";
  mailerConfig.render = ({ template, assigns }) => `${template}: ${String(assigns.text)}\n`;
  mailerConfig.deliveryMethod = "test";
});
afterEach(() => {
  ActionMailerBase.deliveries.length = 0;
  queueAdapterConfig.adapter = "async";
  queueAdapterConfig.enqueuedJobs.length = 0;
});

const later = (text: string) => send(send(NoteMailer, "note", text), "deliver_later");

describe("deliver_later", () => {
  it(":async delivers after the current work", async () => {
    later("hello");
    expect(ActionMailerBase.deliveries).toHaveLength(0);
    await drainJobs();
    expect(ActionMailerBase.deliveries.map((m) => [m.subject(), m.from(), m.body().decoded()])).toEqual([["A note", ["notes@example.com"], "note_mailer/note: hello\n"]]);
  });

  it(":inline delivers at once; :test only enqueues the delivery job", () => {
    queueAdapterConfig.adapter = "inline";
    later("now");
    expect(ActionMailerBase.deliveries).toHaveLength(1);
    queueAdapterConfig.adapter = "test";
    later("queued");
    expect(ActionMailerBase.deliveries).toHaveLength(1);
    expect(queueAdapterConfig.enqueuedJobs.map((j) => j.constructor)).toEqual([MailDeliveryJob]);
  });

  it("a name that is not one of the mailer's methods is NoMethodError", () => {
    expect(() => send(NoteMailer, "nope")).toThrow(NoMethodError);
  });
});
