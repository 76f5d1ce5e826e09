// The one secret_key_base every conformance run uses, Rails side and ours: signed and encrypted cookies,
// message verifiers and signed ids are then byte-identical across servers and runs.

/** The first 128 hex characters of sha512("rails2ts") (a test re-derives it). */
export const SECRET_KEY_BASE =
  "7ab65ee67f6d85d32f5a2e60c0b49a11d976da4e85694870a0ec02623c53f58f79a22ca0ff1903df31dca67589cad4c64ebbfb2504c522ee162a01d68c4ab3cb";
