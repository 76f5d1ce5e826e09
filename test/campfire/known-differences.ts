// The Campfire lane's known differences (test/campfire-lane.test.ts): entries `<env>/<NNN>_<step>:<part>` (part:
// body, headers or frames) where the compiled app does not answer as Rails did, grouped by cause (a best guess from
// the first differing bytes and, for 500s, the exception our server printed). Each runs as an expected failure:
// when one starts matching, the lane fails until it is taken off this list. Regenerate the list from the lane's
// printed summary when a compiler change moves entries; never add an entry without a cause.
export const KNOWN: { cause: string; steps: string[] }[] = [
  {
    cause: "ActiveStorage::Streaming includes ActionController::Live: Rails streams the avatar (chunked, Date, no default security headers or content-length, session_token cookie written twice); ours answers as a plain response",
    steps: [
      "test/001_out_avatar:headers",
      "development/001_out_avatar:headers",
      "test/054_avatar_david:headers",
      "test/169_kevin_avatar:headers",
      "development/054_avatar_david:headers",
      "development/086_kevin_avatar:headers",
    ],
  },
  {
    cause: "headers follow the body difference of the same step (content-length, etag, status, content-type)",
    steps: [
      "test/007_out_account_logo:headers",
      "test/008_out_account_logo_small:headers",
      "test/009_out_qr_code:headers",
      "test/049_account_logo:headers",
      "test/055_avatar_bot:headers",
      "test/061_qr_code:headers",
      "development/007_out_account_logo:headers",
      "development/008_out_account_logo_small:headers",
      "development/009_out_qr_code:headers",
      "development/049_account_logo:headers",
      "development/055_avatar_bot:headers",
      "development/061_qr_code:headers",
    ],
  },
  {
    cause: "ours answers 500: NotLowered: rails2ts: not lowered: Rails.root (send_file of the app's own app/assets/images/logos files)",
    steps: [
      "test/007_out_account_logo:body",
      "test/008_out_account_logo_small:body",
      "test/049_account_logo:body",
      "development/007_out_account_logo:body",
      "development/008_out_account_logo_small:body",
      "development/049_account_logo:body",
    ],
  },
  {
    cause: "ours answers 500: NotLowered: rails2ts: not lowered: QRCode (rqrcode's RQRCode::QRCode#as_svg)",
    steps: [
      "test/009_out_qr_code:body",
      "test/061_qr_code:body",
      "development/009_out_qr_code:body",
      "development/061_qr_code:body",
    ],
  },
  {
    cause: "ours answers 500: NotLowered: rails2ts: not lowered: send_file (the default bot avatar, app/assets/images/default-bot-avatar.svg)",
    steps: [
      "test/055_avatar_bot:body",
      "development/055_avatar_bot:body",
    ],
  },
];
