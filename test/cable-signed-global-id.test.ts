// SignedGlobalID against globalid 1.4 under Rails 7.2.4 (recorded in the Rails chroot with the turbo vectors'
// secret_key_base: GlobalID::Verifier over the key generator's "signed_global_ids" key).
import { describe, expect, it } from "vitest";
import { configureSignedGlobalIds, SignedGlobalID } from "../runtime/gems/globalid/signed-global-id.js";
import { Duration } from "../runtime/active-support/duration.js";

const secretKeyBase =
  "2d7c9d3ee5a165301e5ef7f933e6ba3819d5eeb9a0b0fc4c68e0ad3f74bb0da53c5dc1b2f4b02006ad182ceeb6b9ed013b2cf7ec80c395a75f3faf3830d6d842";
const uri = "gid://campfire/Message/42";
const expiresAt = Duration.of(1, "months").since(new Date("2024-02-15T13:00:00Z"));

describe("SignedGlobalID#to_s", () => {
  it("load_defaults 7.0: Marshal data in the legacy metadata envelope", () => {
    configureSignedGlobalIds({ secretKeyBase, loadDefaults: 7.0 });
    expect(new SignedGlobalID(uri, { expires_at: expiresAt }).toRubyString()).toBe(
      "eyJfcmFpbHMiOnsibWVzc2FnZSI6IkJBaEpJaDVuYVdRNkx5OWpZVzF3Wm1seVpTOU5aWE56WVdkbEx6UXlCam9HUlZRPSIsImV4cCI6IjIwMjQtMDMtMTVUMTM6MDA6MDAuMDAwWiIsInB1ciI6ImRlZmF1bHQifX0=--d107cb4e197f104f4ff4039d03e64661736280b8",
    );
    expect(new SignedGlobalID(uri, { expires_at: null, for: "x" }).toRubyString()).toBe(
      "eyJfcmFpbHMiOnsibWVzc2FnZSI6IkJBaEpJaDVuYVdRNkx5OWpZVzF3Wm1seVpTOU5aWE56WVdkbEx6UXlCam9HUlZRPSIsImV4cCI6bnVsbCwicHVyIjoieCJ9fQ==--8e077d8823808427b209bb6f80feeb877c81064b",
    );
  });
  it("load_defaults 7.1+: JSON with the metadata in the message", () => {
    configureSignedGlobalIds({ secretKeyBase, loadDefaults: 7.2 });
    expect(new SignedGlobalID(uri, { expires_at: expiresAt }).toRubyString()).toBe(
      "eyJfcmFpbHMiOnsiZGF0YSI6ImdpZDovL2NhbXBmaXJlL01lc3NhZ2UvNDIiLCJleHAiOiIyMDI0LTAzLTE1VDEzOjAwOjAwLjAwMFoiLCJwdXIiOiJkZWZhdWx0In19--23da8d2aa089437093b372dfc889c3f4fd14b5a2",
    );
    expect(new SignedGlobalID(uri, { expires_at: null, for: "x" }).toRubyString()).toBe(
      "eyJfcmFpbHMiOnsiZGF0YSI6ImdpZDovL2NhbXBmaXJlL01lc3NhZ2UvNDIiLCJwdXIiOiJ4In19--0974cba2f1c2220480f255c9f6f729692ee36ca7",
    );
  });
});
