import { describe, expect, it } from 'vitest';
import { parseLocation } from './parse-location.ts';

describe('parseLocation', () => {
  it.each([
    ['Toronto, ON, Canada', { city: 'Toronto', state: 'ON', country: 'Canada' }],
    ['Montréal, QC, Canada', { city: 'Montréal', state: 'QC', country: 'Canada' }],
    ['Bangalore, KA, India', { city: 'Bangalore', state: 'KA', country: 'India' }],
  ])('reads 3 parts %j as city, state, country', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it.each([
    ['San Francisco, CA', { city: 'San Francisco', state: 'CA', country: 'USA' }],
    ['New York, NY', { city: 'New York', state: 'NY', country: 'USA' }],
  ])('reads 2 parts %j as city and state in the USA', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it('reads "London, UK" as state UK in the USA: the spec 2-part rule has no exception for foreign countries', () => {
    expect(parseLocation('London, UK')).toEqual({ city: 'London', state: 'UK', country: 'USA' });
  });

  it.each([
    ['Remote in USA', { city: null, state: 'Remote in USA', country: 'USA' }],
    ['NYC', { city: null, state: 'NYC', country: 'USA' }],
    ['California', { city: null, state: 'California', country: 'USA' }],
    ['Remote in Canada', { city: null, state: 'Remote in Canada', country: 'USA' }],
  ])('reads 1 part %j as a state in the USA', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it.each([[''], ['  '], [','], [' , ,  ']])('reads %j (nothing but blanks and commas) as all null', (text) => {
    expect(parseLocation(text)).toEqual({ city: null, state: null, country: null });
  });

  it('joins everything before the last two parts into the city when there are more than 3 parts', () => {
    expect(parseLocation('Etobicoke, Toronto, ON, Canada')).toEqual({
      city: 'Etobicoke, Toronto',
      state: 'ON',
      country: 'Canada',
    });
    expect(parseLocation('A, B, C, D, E')).toEqual({ city: 'A, B, C', state: 'D', country: 'E' });
  });

  it('trims every part and drops empty ones before counting', () => {
    expect(parseLocation('  Toronto ,ON,  Canada  ')).toEqual({ city: 'Toronto', state: 'ON', country: 'Canada' });
    expect(parseLocation('Austin, , TX')).toEqual({ city: 'Austin', state: 'TX', country: 'USA' });
    expect(parseLocation(', Texas,')).toEqual({ city: null, state: 'Texas', country: 'USA' });
  });

  it('keeps the original spelling and case of each part', () => {
    expect(parseLocation('st. john’s, nl, canada')).toEqual({ city: 'st. john’s', state: 'nl', country: 'canada' });
  });
});
