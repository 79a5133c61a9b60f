/** A location string split into the three values the board's country, state and city filters use. */
export type ParsedLocation = {
  city: string | null;
  state: string | null;
  country: string | null;
};

// Spec section 3: a location without an explicit country is read as a US one.
const defaultCountry = 'USA';

/**
 * Splits a feed location such as "Toronto, ON, Canada" exactly as spec section 3 describes: comma parts, trimmed,
 * empty parts dropped.
 * - 3+ parts: city, state, country. With more than 3 the last is the country, the one before the state, and the
 *   rest is joined back (", ") as the city: "Etobicoke, Toronto, ON, Canada" has city "Etobicoke, Toronto".
 * - 2 parts: city and state, country 'USA'. So "London, UK" reads as state "UK" in the USA: that is the spec's
 *   rule, kept so the filters match the reference behaviour; the feeds spell foreign places with 3 parts.
 * - 1 part: state only, country 'USA' ("Remote in USA", "NYC", "California").
 * - nothing: all null.
 */
export function parseLocation(text: string): ParsedLocation {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const [first, second] = parts;
  if (first === undefined) return { city: null, state: null, country: null };
  if (second === undefined) return { city: null, state: first, country: defaultCountry };
  if (parts.length === 2) return { city: first, state: second, country: defaultCountry };
  const country = parts[parts.length - 1] ?? null;
  const state = parts[parts.length - 2] ?? null;
  const city = parts.slice(0, -2).join(', ');
  return { city, state, country };
}
