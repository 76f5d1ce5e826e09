// Action Mailer: an app's mailers, their messages rendered from its views, delivered to ActionMailer::Base.deliveries.
export { ActionMailerBase, MailBody, MailDeliveryJob, MailMessage, MailPart, MessageDelivery, Parameterized, mailerConfig } from "./action-mailer.js";
