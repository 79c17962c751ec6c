export const UNKNOWN_COUNTRY = 'Unknown Country';

/** The flag is two regional-indicator letters; anything but an ISO 3166-1 alpha-2 code gets none. */
export function countryFlag(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

let regionNames: Intl.DisplayNames | null | undefined;

export function countryName(code: string | null | undefined): string {
  if (!code) return UNKNOWN_COUNTRY;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** ISO 3166-1 alpha-2 codes (and XK, which geo lookups use for Kosovo); names come from Intl. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Spec part 1 §9: the autocomplete adds up to 5 countries whose name or code matches. */
export const MAX_COUNTRY_MATCHES = 5;

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Countries whose name starts with (first) or contains the query, or whose code is the query. */
export function matchingCountries(query: string, limit = MAX_COUNTRY_MATCHES): Array<{ code: string; name: string }> {
  const q = fold(query.trim());
  if (!q) return [];
  const all = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) }));
  const exactCode = all.filter((c) => c.code.toLowerCase() === q);
  const prefix = all.filter((c) => fold(c.name).startsWith(q));
  const inside = all.filter((c) => !fold(c.name).startsWith(q) && fold(c.name).includes(q));
  const seen = new Set<string>();
  return [...exactCode, ...prefix, ...inside].filter((c) => !seen.has(c.code) && seen.add(c.code)).slice(0, limit);
}
