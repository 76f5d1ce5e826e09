// Ruby's IPAddr (ipaddr 1.2.6, Ruby 3.3) as apps use it to classify an address: IPAddr.new("10.0.0.0/8"),
// private?, loopback?, link_local?, include?, ipv4? / ipv6?, to_s of an IPv4 address. Parsing and the predicates
// follow ipaddr.rb (its error messages, "invalid address: " with the address left blank, as 1.2.6 words them).
//   IPAddr.new("0.0.0.0/8").include?(ip)      IPAddrClass.new("0.0.0.0/8").isInclude(ip)
//   rescue IPAddr::InvalidAddressError        rescues(e, ["IPAddr::InvalidAddressError"])
// Declined, loudly: an IPAddr from an Integer and a family, and to_s of an IPv6 address (its compression rules).
import { ArgumentError } from "./args.js";
import { notLoweredError } from "./not-lowered.js";
import { RubyObject } from "./ruby-object.js";
import { toS } from "./ruby.js";

export class IPAddrError extends ArgumentError {
  static override rubyName = "IPAddr::Error";
}
export class InvalidAddressError extends IPAddrError {
  static override rubyName = "IPAddr::InvalidAddressError";
}
export class InvalidPrefixError extends InvalidAddressError {
  static override rubyName = "IPAddr::InvalidPrefixError";
}
export class AddressFamilyError extends IPAddrError {
  static override rubyName = "IPAddr::AddressFamilyError";
}

const IN4MASK = 0xffffffffn;
const IN6MASK = (1n << 128n) - 1n;

/** ipaddr.rb's in_addr: four decimal octets, none past 255 and none zero-filled; null when not IPv4-like. */
function inAddr(text: string): bigint | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (!m || text.includes("\n")) return null;
  let out = 0n;
  for (const s of m.slice(1)) {
    if (Number(s) >= 256) throw new InvalidAddressError("invalid address: ");
    if (/^0./.test(s)) throw new InvalidAddressError("zero-filled number in IPv4 address is ambiguous: ");
    out = (out << 8n) | BigInt(s);
  }
  return out;
}

/** ipaddr.rb's in6_addr: eight hex groups, `::` once, an IPv4 tail; anything else is an invalid address. */
function in6Addr(text: string): bigint {
  let tail = 0n;
  let body = text;
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    tail = inAddr(v4[2]!) ?? (() => { throw new InvalidAddressError("invalid address: "); })();
    body = `${v4[1]!}0:0`;
  }
  if (!/^[\da-f:]*$/i.test(body) || (body.match(/::/g) ?? []).length > 1) throw new InvalidAddressError("invalid address: ");
  const [left, right] = body.includes("::") ? body.split("::") as [string, string] : [body, null];
  const l = left === "" ? [] : left.split(":");
  const r = right === null ? [] : right === "" ? [] : right.split(":");
  const groups = right === null ? l : [...l, ...Array<string>(Math.max(0, 8 - l.length - r.length)).fill("0"), ...r];
  if (groups.length !== 8 || groups.some((g) => !/^[\da-f]{1,4}$/i.test(g))) throw new InvalidAddressError("invalid address: ");
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n) | tail;
}

export class IPAddr extends RubyObject {
  static override rubyName = "IPAddr";
  addr = 0n;
  family: 4 | 6 = 4;
  maskAddr = IN4MASK;
  zoneId: string | null = null;

  override initialize(given: unknown = "::", family: unknown = null): unknown {
    if (typeof given !== "string") throw notLoweredError("rails2ts: declined: IPAddr.new of an Integer (with an address family)");
    if (family !== null) throw notLoweredError("rails2ts: declined: IPAddr.new with an address family");
    const slash = given.indexOf("/");
    let prefix = slash < 0 ? given : given.slice(0, slash);
    const prefixlen = slash < 0 ? null : given.slice(slash + 1);
    let v6Only = false;
    const bracket = /^\[(.*)\]$/.exec(prefix);
    if (bracket) [prefix, v6Only] = [bracket[1]!, true];
    const zone = /^(.*)(%\w+)$/.exec(prefix);
    if (zone) [prefix, this.zoneId, v6Only] = [zone[1]!, zone[2]!, true];
    const v4 = v6Only ? null : inAddr(prefix);
    if (v4 !== null) [this.addr, this.family] = [v4, 4];
    else [this.addr, this.family] = [in6Addr(prefix), 6];
    this.maskAddr = this.family === 4 ? IN4MASK : IN6MASK;
    if (prefixlen !== null) this.mask(prefixlen);
    return null;
  }

  /** mask!(prefixlen) of a decimal prefix length; a mask written as an address is declined. */
  private mask(text: string): void {
    if (!/^(0|[1-9]\d*)$/.test(text)) {
      if (/^\d+$/.test(text)) throw new InvalidPrefixError("leading zeros in prefix");
      throw notLoweredError("rails2ts: declined: IPAddr with a mask written as an address");
    }
    const bits = this.family === 4 ? 32 : 128;
    const length = Number(text);
    if (length > bits) throw new InvalidPrefixError(`invalid length: ${this.addr}`);
    const masklen = BigInt(bits - length);
    this.maskAddr = ((this.family === 4 ? IN4MASK : IN6MASK) >> masklen) << masklen;
    this.addr = (this.addr >> masklen) << masklen;
  }

  isIpv4(): boolean {
    return this.family === 4;
  }

  isIpv6(): boolean {
    return this.family === 6;
  }

  isLoopback(): boolean {
    return this.family === 4 ? (this.addr & 0xff000000n) === 0x7f000000n : this.addr === 1n;
  }

  isPrivate(): boolean {
    const v4 = (a: bigint) => (a & 0xff000000n) === 0x0a000000n || (a & 0xfff00000n) === 0xac100000n || (a & 0xffff0000n) === 0xc0a80000n;
    if (this.family === 4) return v4(this.addr);
    return (this.addr >> 121n) === 0xfc00n >> 9n || ((this.addr & 0xffff00000000n) === 0xffff00000000n && v4(this.addr & 0xffffffffn));
  }

  isLinkLocal(): boolean {
    return this.family === 4 ? (this.addr & 0xffff0000n) === 0xa9fe0000n : this.addr >> 118n === 0xfe80n >> 6n;
  }

  /** include?(other): other (an IPAddr, or a String made one) lies within this network, in the same family. */
  isInclude(other: unknown): boolean {
    const o = other instanceof IPAddr ? other : (IPAddr.build(toS(other)) as IPAddr);
    if (o.family !== this.family) return false;
    const end = (ip: IPAddr) => ip.addr | ((ip.family === 4 ? IN4MASK : IN6MASK) ^ ip.maskAddr);
    return this.addr <= o.addr && end(this) >= end(o);
  }

  /** to_s (toS and the runtime's toS of the value). */
  override toRubyString(): string {
    if (this.family === 6) throw notLoweredError("rails2ts: declined: IPAddr#to_s of an IPv6 address");
    return [24n, 16n, 8n, 0n].map((shift) => String((this.addr >> shift) & 0xffn)).join(".");
  }

  toS(): string {
    return this.toRubyString();
  }
}

/** IPAddr as a constant: new, and its error classes (IPAddr::InvalidAddressError...). */
export const IPAddrClass = Object.assign(IPAddr, { InvalidAddressError, InvalidPrefixError, AddressFamilyError, Error: IPAddrError });
