// ActiveSupport::MessageVerifier's answers for messages that do not verify, as activesupport 7.2's
// message_verifier.rb and messages/metadata.rb give them: `verified` answers nil, `verify` raises
// ActiveSupport::MessageVerifier::InvalidSignature (a StandardError) with the reason Rails throws. The bytes of
// real messages are checked against Rails-recorded values by the cookie, signed id, sgid and Turbo tests.
import { describe, expect, it } from "vitest";
import { InvalidSignature, MessageVerifier } from "../runtime/active-support/message-verifier.js";
import { JsonSerializer, NullSerializer } from "../runtime/active-support/message-codec.js";
import { rescues } from "../runtime/ruby/rescue.js";

const secret = Buffer.from("secret");
let now = new Date("2024-02-15T12:00:00Z");
const verifier = new MessageVerifier(secret, { digest: "sha256", serializer: JsonSerializer, now: () => now });

function reason(message: unknown, purpose?: string): string {
  try {
    verifier.verify(message, { purpose });
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidSignature);
    return `${(e as InvalidSignature).rubyClass}: ${(e as Error).message}`;
  }
  return "verified";
}

describe("MessageVerifier", () => {
  const purposed = verifier.generate("data", { purpose: "login" });
  const expiring = verifier.generate("data", { expiresAt: new Date("2024-02-15T13:00:00Z") });
  const plain = verifier.generate("data");

  it.each([
    ["nil", null, undefined, "invalid message string"],
    ["a lone surrogate", "\uD800--x", undefined, "invalid message string"],
    ["no separator", "garbage", undefined, "mismatched digest"],
    ["a tampered digest", `${plain.slice(0, -1)}0`, undefined, "mismatched digest"],
    ["an empty data part", `--${plain.split("--")[1]}`, undefined, "mismatched digest"],
    ["another purpose", purposed, "signup", "mismatched purpose"],
    ["no purpose where one is expected", plain, "login", "missing metadata"],
  ])("%s: verified is nil, verify raises InvalidSignature", (_name, message, purpose, why) => {
    expect(verifier.verified(message, { purpose })).toBeNull();
    expect(reason(message, purpose)).toBe(`ActiveSupport::MessageVerifier::InvalidSignature: ${why}`);
  });

  it("reads a message's data only for its purpose, and until it expires", () => {
    expect(verifier.verified(purposed, { purpose: "login" })).toBe("data");
    expect(verifier.verified(plain)).toBe("data");
    expect(verifier.verified(expiring)).toBe("data");
    now = new Date("2024-02-15T13:00:00Z");
    expect(verifier.verified(expiring)).toBeNull();
    expect(reason(expiring)).toBe("ActiveSupport::MessageVerifier::InvalidSignature: expired");
  });

  it("reads its digest at the digest's length from the end (separator_index_for)", () => {
    const sha1 = new MessageVerifier(secret, { serializer: NullSerializer });
    const message = sha1.generate("a--b");
    expect(message.split("--").pop()).toHaveLength(40);
    expect(sha1.verified(message)).toBe("a--b");
  });

  it("InvalidSignature is a StandardError, so a bare rescue catches it", () => {
    const error = new InvalidSignature("mismatched digest");
    expect(rescues(error, ["StandardError"])).toBe(true);
    expect(rescues(error, ["ActiveSupport::MessageVerifier::InvalidSignature"])).toBe(true);
    expect(rescues(error, ["ArgumentError"])).toBe(false);
  });

  it("lets what the serializer cannot read raise from verified too (invalid_message_serialization)", () => {
    const raw = new MessageVerifier(secret, { digest: "sha256", serializer: NullSerializer });
    expect(() => verifier.verified(raw.generate("{not json"))).toThrow(SyntaxError);
  });
});
