// rqrcode (with rqrcode_core): RQRCode::QRCode.new(data, level:, size:, mode:) and its SVG export (as_svg).
import { RQRCodeQRCode } from "./svg.js";

export { RQRCodeQRCode } from "./svg.js";
export { RQRCodeCore, QRCodeArgumentError, QRCodeRunTimeError } from "./qr-code.js";

/** The RQRCode::QRCode constant as lowered code calls it. */
export const RQRCodeQRCodeClass = {
  new: (data: unknown, options: unknown = {}) => new RQRCodeQRCode(data, options),
};
