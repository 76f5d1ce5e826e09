// Ruby's Resolv and IPAddr in the runtime (runtime/ruby/resolv.ts, ipaddr.ts), against what Ruby 3.3 answered in the
// reference chroot for the same inputs (resolv 0.3's Resolv::Hosts over the hosts text below; ipaddr 1.2.6).
import { describe, expect, it } from "vitest";
import { hostsTable, ResolvModule } from "../runtime/ruby/resolv.js";
import { IPAddr } from "../runtime/ruby/ipaddr.js";
import { rescues } from "../runtime/ruby/rescue.js";

describe("Resolv::Hosts", () => {
  const text = "127.0.0.1 localhost\n# comment\n10.0.0.1   db db.internal # trailing\n10.0.0.2 db\n  10.0.0.3 lead\n::1 ip6-localhost localhost\n\n10.0.0.9\n";
  // Resolv::Hosts.new(path).getaddresses(name), recorded: later lines first; a line with leading blanks has an
  // empty address (String#split keeps the leading empty field).
  const recorded: Array<[string, string[]]> = [
    ["localhost", ["::1", "127.0.0.1"]],
    ["db", ["10.0.0.2", "10.0.0.1"]],
    ["db.internal", ["10.0.0.1"]],
    ["lead", [""]],
    ["ip6-localhost", ["::1"]],
    ["nothing", []],
    ["10.0.0.3", [""]],
  ];
  for (const [name, addresses] of recorded) it(name, () => expect(hostsTable(text).get(name) ?? []).toEqual(addresses));

  it("answers an address literal as itself, before any resolver", () => {
    expect(ResolvModule.getaddress("10.1.2.3")).toBe("10.1.2.3");
    expect(ResolvModule.getaddress("::1")).toBe("::1");
  });
});

describe("IPAddr", () => {
  const classify = (a: string) => {
    try {
      const ip = IPAddr.build(a) as IPAddr;
      return [a, ip.isIpv4() ? ip.toS() : "(v6)", ip.isPrivate(), ip.isLoopback()];
    } catch (e) {
      return [a, (e as { constructor: { rubyName?: string } }).constructor.rubyName, (e as Error).message];
    }
  };
  // IPAddr.new(a) then [to_s, private?, loopback?], or the error class and message, recorded.
  const recorded: unknown[][] = [
    ["foo", "IPAddr::InvalidAddressError", "invalid address: "],
    ["1.2.3.256", "IPAddr::InvalidAddressError", "invalid address: "],
    ["01.2.3.4", "IPAddr::InvalidAddressError", "zero-filled number in IPv4 address is ambiguous: "],
    ["::1", "(v6)", false, true],
    ["fe80::1%eth0", "(v6)", false, false],
    ["1.2.3.4/33", "IPAddr::InvalidPrefixError", "invalid length: 16909060"],
    ["", "IPAddr::InvalidAddressError", "invalid address: "],
    ["172.16.0.0", "172.16.0.0", true, false],
    ["127.0.0.1", "127.0.0.1", false, true],
    ["1.2.3.4", "1.2.3.4", false, false],
    ["::ffff:192.168.1.1", "(v6)", true, false],
    ["fd00::1", "(v6)", true, false],
  ];
  for (const row of recorded) it(String(row[0]), () => expect(classify(String(row[0]))).toEqual(row));

  it("include? holds within the network and its family only", () => {
    const net = IPAddr.build("0.0.0.0/8") as IPAddr;
    expect([net.isInclude(IPAddr.build("0.1.2.3")), net.isInclude(IPAddr.build("::1")), net.isInclude("1.0.0.0")]).toEqual([true, false, false]);
  });

  it("is rescued as IPAddr::InvalidAddressError and as ArgumentError", () => {
    let error: unknown = null;
    try {
      IPAddr.build("nope");
    } catch (e) {
      error = e;
    }
    expect([rescues(error, ["IPAddr::InvalidAddressError"]), rescues(error, ["ArgumentError"])]).toEqual([true, true]);
  });
});
