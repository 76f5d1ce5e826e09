// ActiveSupport::TimeZone: Rails' zone names (TimeZone::MAPPING) over the IANA database Node's Intl carries.
//   ActiveSupport::TimeZone["Tokyo"] -> findTimeZone("Tokyo")     zone.utcOffsetAt(instant) -> seconds east of UTC
// Abbreviations (%Z) are TZInfo's (time-zone-abbreviations.ts), else Intl's.
import { ZONE_ABBREVIATIONS } from "./time-zone-abbreviations.js";

/** ActiveSupport::TimeZone::MAPPING (7.2.4), generated from the Ruby constant. */
export const ZONE_MAPPING: Record<string, string> = {
  "International Date Line West": "Etc/GMT+12",
  "Midway Island": "Pacific/Midway",
  "American Samoa": "Pacific/Pago_Pago",
  "Hawaii": "Pacific/Honolulu",
  "Alaska": "America/Juneau",
  "Pacific Time (US & Canada)": "America/Los_Angeles",
  "Tijuana": "America/Tijuana",
  "Mountain Time (US & Canada)": "America/Denver",
  "Arizona": "America/Phoenix",
  "Chihuahua": "America/Chihuahua",
  "Mazatlan": "America/Mazatlan",
  "Central Time (US & Canada)": "America/Chicago",
  "Saskatchewan": "America/Regina",
  "Guadalajara": "America/Mexico_City",
  "Mexico City": "America/Mexico_City",
  "Monterrey": "America/Monterrey",
  "Central America": "America/Guatemala",
  "Eastern Time (US & Canada)": "America/New_York",
  "Indiana (East)": "America/Indiana/Indianapolis",
  "Bogota": "America/Bogota",
  "Lima": "America/Lima",
  "Quito": "America/Lima",
  "Atlantic Time (Canada)": "America/Halifax",
  "Caracas": "America/Caracas",
  "La Paz": "America/La_Paz",
  "Santiago": "America/Santiago",
  "Newfoundland": "America/St_Johns",
  "Brasilia": "America/Sao_Paulo",
  "Buenos Aires": "America/Argentina/Buenos_Aires",
  "Montevideo": "America/Montevideo",
  "Georgetown": "America/Guyana",
  "Puerto Rico": "America/Puerto_Rico",
  "Greenland": "America/Godthab",
  "Mid-Atlantic": "Atlantic/South_Georgia",
  "Azores": "Atlantic/Azores",
  "Cape Verde Is.": "Atlantic/Cape_Verde",
  "Dublin": "Europe/Dublin",
  "Edinburgh": "Europe/London",
  "Lisbon": "Europe/Lisbon",
  "London": "Europe/London",
  "Casablanca": "Africa/Casablanca",
  "Monrovia": "Africa/Monrovia",
  "UTC": "Etc/UTC",
  "Belgrade": "Europe/Belgrade",
  "Bratislava": "Europe/Bratislava",
  "Budapest": "Europe/Budapest",
  "Ljubljana": "Europe/Ljubljana",
  "Prague": "Europe/Prague",
  "Sarajevo": "Europe/Sarajevo",
  "Skopje": "Europe/Skopje",
  "Warsaw": "Europe/Warsaw",
  "Zagreb": "Europe/Zagreb",
  "Brussels": "Europe/Brussels",
  "Copenhagen": "Europe/Copenhagen",
  "Madrid": "Europe/Madrid",
  "Paris": "Europe/Paris",
  "Amsterdam": "Europe/Amsterdam",
  "Berlin": "Europe/Berlin",
  "Bern": "Europe/Zurich",
  "Zurich": "Europe/Zurich",
  "Rome": "Europe/Rome",
  "Stockholm": "Europe/Stockholm",
  "Vienna": "Europe/Vienna",
  "West Central Africa": "Africa/Algiers",
  "Bucharest": "Europe/Bucharest",
  "Cairo": "Africa/Cairo",
  "Helsinki": "Europe/Helsinki",
  "Kyiv": "Europe/Kiev",
  "Riga": "Europe/Riga",
  "Sofia": "Europe/Sofia",
  "Tallinn": "Europe/Tallinn",
  "Vilnius": "Europe/Vilnius",
  "Athens": "Europe/Athens",
  "Istanbul": "Europe/Istanbul",
  "Minsk": "Europe/Minsk",
  "Jerusalem": "Asia/Jerusalem",
  "Harare": "Africa/Harare",
  "Pretoria": "Africa/Johannesburg",
  "Kaliningrad": "Europe/Kaliningrad",
  "Moscow": "Europe/Moscow",
  "St. Petersburg": "Europe/Moscow",
  "Volgograd": "Europe/Volgograd",
  "Samara": "Europe/Samara",
  "Kuwait": "Asia/Kuwait",
  "Riyadh": "Asia/Riyadh",
  "Nairobi": "Africa/Nairobi",
  "Baghdad": "Asia/Baghdad",
  "Tehran": "Asia/Tehran",
  "Abu Dhabi": "Asia/Muscat",
  "Muscat": "Asia/Muscat",
  "Baku": "Asia/Baku",
  "Tbilisi": "Asia/Tbilisi",
  "Yerevan": "Asia/Yerevan",
  "Kabul": "Asia/Kabul",
  "Ekaterinburg": "Asia/Yekaterinburg",
  "Islamabad": "Asia/Karachi",
  "Karachi": "Asia/Karachi",
  "Tashkent": "Asia/Tashkent",
  "Chennai": "Asia/Kolkata",
  "Kolkata": "Asia/Kolkata",
  "Mumbai": "Asia/Kolkata",
  "New Delhi": "Asia/Kolkata",
  "Kathmandu": "Asia/Kathmandu",
  "Dhaka": "Asia/Dhaka",
  "Sri Jayawardenepura": "Asia/Colombo",
  "Almaty": "Asia/Almaty",
  "Astana": "Asia/Almaty",
  "Novosibirsk": "Asia/Novosibirsk",
  "Rangoon": "Asia/Rangoon",
  "Bangkok": "Asia/Bangkok",
  "Hanoi": "Asia/Bangkok",
  "Jakarta": "Asia/Jakarta",
  "Krasnoyarsk": "Asia/Krasnoyarsk",
  "Beijing": "Asia/Shanghai",
  "Chongqing": "Asia/Chongqing",
  "Hong Kong": "Asia/Hong_Kong",
  "Urumqi": "Asia/Urumqi",
  "Kuala Lumpur": "Asia/Kuala_Lumpur",
  "Singapore": "Asia/Singapore",
  "Taipei": "Asia/Taipei",
  "Perth": "Australia/Perth",
  "Irkutsk": "Asia/Irkutsk",
  "Ulaanbaatar": "Asia/Ulaanbaatar",
  "Seoul": "Asia/Seoul",
  "Osaka": "Asia/Tokyo",
  "Sapporo": "Asia/Tokyo",
  "Tokyo": "Asia/Tokyo",
  "Yakutsk": "Asia/Yakutsk",
  "Darwin": "Australia/Darwin",
  "Adelaide": "Australia/Adelaide",
  "Canberra": "Australia/Canberra",
  "Melbourne": "Australia/Melbourne",
  "Sydney": "Australia/Sydney",
  "Brisbane": "Australia/Brisbane",
  "Hobart": "Australia/Hobart",
  "Vladivostok": "Asia/Vladivostok",
  "Guam": "Pacific/Guam",
  "Port Moresby": "Pacific/Port_Moresby",
  "Magadan": "Asia/Magadan",
  "Srednekolymsk": "Asia/Srednekolymsk",
  "Solomon Is.": "Pacific/Guadalcanal",
  "New Caledonia": "Pacific/Noumea",
  "Fiji": "Pacific/Fiji",
  "Kamchatka": "Asia/Kamchatka",
  "Marshall Is.": "Pacific/Majuro",
  "Auckland": "Pacific/Auckland",
  "Wellington": "Pacific/Auckland",
  "Nuku'alofa": "Pacific/Tongatapu",
  "Tokelau Is.": "Pacific/Fakaofo",
  "Chatham Is.": "Pacific/Chatham",
  "Samoa": "Pacific/Apia",

};

export class TimeZone {
  static readonly rubyName = "ActiveSupport::TimeZone";
  private readonly offsetFormat: Intl.DateTimeFormat;
  private readonly nameFormat: Intl.DateTimeFormat;

  constructor(
    /** The Rails name ("Tokyo", "UTC", "Eastern Time (US & Canada)") or an IANA id. */
    readonly name: string,
    readonly ianaId: string,
  ) {
    this.offsetFormat = new Intl.DateTimeFormat("en-US", {
      timeZone: ianaId, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    this.nameFormat = new Intl.DateTimeFormat("en-US", { timeZone: ianaId, timeZoneName: "short" });
  }

  /** Seconds east of UTC at an instant (epoch milliseconds). */
  utcOffsetAt(epochMs: number): number {
    const parts = Object.fromEntries(this.offsetFormat.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
    const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
    return Math.round((local - Math.floor(epochMs / 1000) * 1000) / 1000);
  }

  /** Whether daylight saving time is in effect at an instant: the offset differs from the year's standard one. */
  isDstAt(epochMs: number): boolean {
    const year = new Date(epochMs).getUTCFullYear();
    const [jan, jul] = [this.utcOffsetAt(Date.UTC(year, 0, 1)), this.utcOffsetAt(Date.UTC(year, 6, 1))];
    const standard = NEGATIVE_DST.has(this.ianaId) ? Math.max(jan, jul) : Math.min(jan, jul);
    return this.utcOffsetAt(epochMs) !== standard;
  }

  /** The zone abbreviation at an instant ("UTC", "EST", "PDT", ...). */
  abbreviationAt(epochMs: number): string {
    if (this.ianaId === "Etc/UTC" || this.ianaId === "UTC") return "UTC";
    const known = ZONE_ABBREVIATIONS[this.ianaId]?.[String(this.utcOffsetAt(epochMs))];
    if (known) return known;
    const part = this.nameFormat.formatToParts(new Date(epochMs)).find((p) => p.type === "timeZoneName");
    return part?.value ?? this.name;
  }

  /**
   * TimeZone#utc_offset: the base (standard) offset of the current period. Intl has no DST flag, so the
   * base is the smaller of now's offset and the offset half a year earlier (both already in effect, so a
   * scheduled change of standard time does not leak in); Ireland's standard time is its summer time
   * (tzdata's negative DST), so its base is the larger.
   */
  get utcOffset(): number {
    const now = zoneConfig.now();
    const current = this.utcOffsetAt(now);
    const earlier = this.utcOffsetAt(now - 182 * 86400000);
    return NEGATIVE_DST.has(this.ianaId) ? Math.max(current, earlier) : Math.min(current, earlier);
  }

  /** TimeZone#to_s: "(GMT+09:00) Tokyo". */
  toRubyString(): string {
    return `(GMT${formatOffset(this.utcOffset, true)}) ${this.name}`;
  }
}

/** TimeZone.seconds_to_utc_offset: "+09:00" (or "+0900" without colon). */
export function formatOffset(seconds: number, colon = true): string {
  const sign = seconds < 0 ? "-" : "+";
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, "0");
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, "0");
  return colon ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
}

const cache = new Map<string, TimeZone>();

/** ActiveSupport::TimeZone[name]: a Rails zone name or an IANA identifier; null when unknown. */
export function findTimeZone(name: string): TimeZone | null {
  const hit = cache.get(name);
  if (hit) return hit;
  const iana = ZONE_MAPPING[name] ?? name;
  if (zoneConfig.unavailable.has(iana)) return null;
  try {
    const zone = new TimeZone(name, iana);
    cache.set(name, zone);
    return zone;
  } catch {
    return null;
  }
}

/** ActiveSupport::TimeZone.all: every Rails zone, by base offset then name. */
export function allTimeZones(): TimeZone[] {
  return Object.keys(ZONE_MAPPING).map((n) => findTimeZone(n)).filter((z): z is TimeZone => z !== null)
    .sort((a, b) => a.utcOffset - b.utcOffset || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const NEGATIVE_DST = new Set(["Europe/Dublin"]);

export const zoneConfig = {
  /** config.time_zone (Time.zone): UTC unless the app sets another. */
  default: "UTC",
  /** The clock that decides a zone's current period (faketime freezes Date.now in conformance runs). */
  now: (): number => Date.now(),
  /**
   * IANA ids TZInfo cannot load where the app runs, so Rails drops their zones (TimeZone["Kyiv"] is nil).
   * The reference lane's Debian tzdata ships without tzdata-legacy, which holds these backward links.
   */
  unavailable: new Set(["America/Godthab", "Europe/Kiev", "Asia/Rangoon"]),
};

export function defaultTimeZone(): TimeZone {
  return findTimeZone(zoneConfig.default)!;
}
