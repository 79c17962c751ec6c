import { describe, expect, it } from 'vitest';
import { countryFlag, countryName, UNKNOWN_COUNTRY } from './country.js';

describe('country', () => {
  it('turns an ISO code into its flag and English name', () => {
    expect(countryFlag('DE')).toBe('🇩🇪');
    expect(countryFlag('fr')).toBe('🇫🇷');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('jp')).toBe('Japan');
  });

  it("shows 'Unknown Country' without a code, and no flag for anything that is not a code", () => {
    expect(countryName(null)).toBe(UNKNOWN_COUNTRY);
    expect(countryName(undefined)).toBe('Unknown Country');
    expect(countryFlag(null)).toBe('');
    expect(countryFlag('DEU')).toBe('');
  });
});
