// rails_autolink: auto_link for URLs and e-mail addresses in text.
export * from "./auto-link.js";
