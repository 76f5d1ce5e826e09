// Ruby's Resolv (resolv 0.3, Ruby 3.3) as Resolv.getaddress(name) answers: an address literal is itself; then the
// hosts file (/etc/hosts, read on every lookup until it once reads, as Resolv::Hosts#lazy_initialize; a missing file
// raises Errno::ENOENT, which is what Resolv raises in a chroot without one); then DNS, A records and then AAAA
// records (AAAA only where the machine has a global IPv6 address, Resolv::DNS#use_ipv6?), from the nameservers of
// /etc/resolv.conf; no address raises Resolv::ResolvError "no address for NAME". Resolv answers synchronously,
// so the DNS query runs in a worker thread this thread waits for (Atomics.wait).
//   Resolv.getaddress(host)        ResolvModule.getaddress(host)      (Mocha may stub it: Resolv.stubs(:getaddress))
// Declined, loudly: a name Ruby would try under a search domain first (resolv.conf's search/domain, or the host
// name's domain), which the lookup here does not expand.
import { readFileSync } from "node:fs";
import { hostname, networkInterfaces } from "node:os";
import { isIPv4, isIPv6 } from "node:net";
import { Worker } from "node:worker_threads";
import { StandardError, TimeoutError } from "./exceptions.js";
import { notLoweredError } from "./not-lowered.js";
import { toS } from "./ruby.js";

export class ResolvError extends StandardError {
  static override rubyName = "Resolv::ResolvError";
}
export class ResolvTimeout extends TimeoutError {
  static override rubyName = "Resolv::ResolvTimeout";
}
/** Errno::ENOENT, as File.open raises it for a missing file. */
export class ErrnoENOENT extends StandardError {
  static override rubyName = "Errno::ENOENT";
}

const HOSTS = "/etc/hosts";
let hosts: Map<string, string[]> | null = null;

function hostsFile(): Map<string, string[]> {
  if (hosts) return hosts;
  let text: string;
  try {
    text = readFileSync(HOSTS, "latin1");
  } catch {
    throw new ErrnoENOENT(`No such file or directory @ rb_sysopen - ${HOSTS}`);
  }
  return (hosts = hostsTable(text));
}

/** Resolv::Hosts#lazy_initialize: each line's address under its name and aliases, a name's addresses last first. */
export function hostsTable(text: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const raw of text.split(/(?<=\n)/)) {
    // String#split(/\s+/) keeps a leading empty field and drops trailing ones.
    const fields = raw.replace(/#.*/, "").split(/[ \t\n\v\f\r]+/);
    while (fields.length && fields[fields.length - 1] === "") fields.pop();
    const [addr, ...named] = fields;
    if (addr === undefined) continue;
    for (const n of named) names.set(n, [...(names.get(n) ?? []), addr]);
  }
  for (const list of names.values()) list.reverse();
  return names;
}

/** Resolv::DNS::Config's search list: resolv.conf's search/domain, else the host name's domain, else the root only. */
function searchesName(name: string): boolean {
  if (name.endsWith(".")) return false;
  let conf = "";
  try {
    conf = readFileSync("/etc/resolv.conf", "latin1");
  } catch {
    conf = "";
  }
  let search: string[] | null = null;
  for (const line of conf.split("\n")) {
    const [key, ...args] = line.replace(/[#;].*/, "").trim().split(/\s+/);
    if (key === "search") search = args;
    else if (key === "domain") search = args.slice(0, 1);
  }
  search ??= hostname().includes(".") ? [hostname().slice(hostname().indexOf(".") + 1)] : [];
  // Resolv tries name.domain too (before the name itself when it has fewer dots than ndots, after it otherwise).
  return search.some((d) => d !== "");
}

const DNS_WORKER = `
const { workerData } = require("node:worker_threads");
const { Resolver } = require("node:dns");
const { name, ipv6, buffer } = workerData;
const state = new Int32Array(buffer, 0, 2);
const bytes = new Uint8Array(buffer, 8);
const resolver = new Resolver();
const query = (rrtype) => new Promise((done) => resolver.resolve(name, rrtype, (err, list) => done(err ? [] : list)));
(async () => {
  const found = [...(await query("A")), ...(ipv6 ? await query("AAAA") : [])];
  const data = Buffer.from(JSON.stringify(found));
  bytes.set(data.subarray(0, bytes.length));
  state[1] = Math.min(data.length, bytes.length);
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
})();
`;

/** Resolv::DNS#use_ipv6?: a global IPv6 address on some interface (neither loopback nor link-local). */
function useIpv6(): boolean {
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((a) => a.family === "IPv6" && !a.internal && !/^fe[89ab]/i.test(a.address)));
}

/** The A (then AAAA) records of name from the system's nameservers; none when the query fails or times out. */
function dnsAddresses(name: string): string[] {
  if (searchesName(name)) throw notLoweredError(`rails2ts: declined: Resolv.getaddress(${JSON.stringify(name)}) under a search domain (resolv.conf's search list is not expanded)`);
  const buffer = new SharedArrayBuffer(8 + 64 * 1024);
  const state = new Int32Array(buffer, 0, 2);
  const worker = new Worker(DNS_WORKER, { eval: true, workerData: { name, ipv6: useIpv6(), buffer } });
  try {
    // c-ares gives up well before this (its own timeouts and tries); Resolv's queries end in no address too.
    Atomics.wait(state, 0, 0, 120_000);
  } finally {
    void worker.terminate();
  }
  if (Atomics.load(state, 0) !== 1) return [];
  return JSON.parse(Buffer.from(new Uint8Array(buffer, 8, state[1])).toString()) as string[];
}

/** Resolv as a constant: getaddress / getaddresses, and its error classes. */
export const ResolvModule = {
  rubyName: "Resolv",
  ResolvError,
  ResolvTimeout,
  getaddress(name: unknown): string {
    const found = ResolvModule.getaddresses(name);
    if (!found.length) throw new ResolvError(`no address for ${toS(name)}`);
    return found[0]!;
  },
  /** Resolv#each_address: the first resolver (hosts, then DNS) that yields anything answers. */
  getaddresses(name: unknown): string[] {
    const n = toS(name);
    if (isIPv4(n) || isIPv6(n)) return [n];
    const inHosts = hostsFile().get(n);
    if (inHosts?.length) return [...inHosts];
    return dnsAddresses(n);
  },
};
