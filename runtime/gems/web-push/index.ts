// web-push: WebPush.payload_send (encryption and VAPID as the gem does them; the POST itself declined).
export { WebPushModule, payloadSend, encrypt, decode64, OpenSSLError, ECPointError, WebPushError, InvalidURIError,
  ResponseError, InvalidSubscription, ExpiredSubscription, Unauthorized, PayloadTooLarge, TooManyRequests, PushServiceError }  from "./web-push.js";
