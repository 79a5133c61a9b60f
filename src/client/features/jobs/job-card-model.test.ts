import { describe, expect, it } from 'vitest';
import {
  companyInitials,
  featuredStage,
  jobBadgeKind,
  jobCardLink,
  locationSummary,
  postingChoice,
  typeStage,
} from './job-card-model.ts';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';

describe('jobCardLink', () => {
  it('sends a featured job to its detail page in the app, with a trailing slash (spec: /jobs/{id}/)', () => {
    expect(jobCardLink({ id: 'f-42', url: null, featured: true })).toEqual({ kind: 'internal', to: '/jobs/f-42/' });
  });

  it('encodes an id that is not URL-safe', () => {
    expect(jobCardLink({ id: 'a b/c', url: null, featured: true })).toEqual({
      kind: 'internal',
      to: '/jobs/a%20b%2Fc/',
    });
  });

  it('sends an external listing to its own url', () => {
    const url = 'https://jobs.example.com/posting/1';
    expect(jobCardLink({ id: 'x', url, featured: false })).toEqual({ kind: 'external', href: url });
  });

  it('never renders a link that is not http(s), nor an external listing without a url', () => {
    expect(jobCardLink({ id: 'x', url: 'javascript:alert(1)', featured: false })).toEqual({ kind: 'none' });
    expect(jobCardLink({ id: 'x', url: null, featured: false })).toEqual({ kind: 'none' });
  });
});

describe('jobBadgeKind', () => {
  it('names featured jobs first, then the two feed types, and nothing for other free text', () => {
    expect(jobBadgeKind({ featured: true, type: 'Internship' })).toBe('featured');
    expect(jobBadgeKind({ featured: false, type: 'internship' })).toBe('internship');
    expect(jobBadgeKind({ featured: false, type: 'new-grad' })).toBe('newGrad');
    expect(jobBadgeKind({ featured: false, type: 'Contract' })).toBeNull();
  });
});

describe('locationSummary', () => {
  it('shows the first location and counts the others', () => {
    expect(locationSummary(['Toronto, ON, Canada', 'NYC', 'Remote in USA'])).toEqual({
      first: 'Toronto, ON, Canada',
      more: 2,
    });
    expect(locationSummary(['NYC'])).toEqual({ first: 'NYC', more: 0 });
  });

  it('ignores blank entries and has no first location for an empty list', () => {
    expect(locationSummary(['  ', 'Austin, TX'])).toEqual({ first: 'Austin, TX', more: 0 });
    expect(locationSummary([])).toEqual({ first: null, more: 0 });
  });
});

describe('featured stage and company initials', () => {
  it("reads a featured job's free-text type as a stage badge, in either language", () => {
    expect(featuredStage({ featured: true, type: 'Internship' })).toBe('internship');
    expect(featuredStage({ featured: true, type: 'New grad' })).toBe('newGrad');
    expect(featuredStage({ featured: true, type: 'Full-time' })).toBeNull();
    expect(featuredStage({ featured: false, type: 'internship' })).toBeNull();
    expect(typeStage('Stage')).toBe('internship');
    expect(typeStage('Jeune diplômé')).toBe('newGrad');
  });

  it('takes up to two initials of the company', () => {
    expect(companyInitials('Acme Robotics Inc')).toBe('AR');
    expect(companyInitials('stripe')).toBe('S');
    expect(companyInitials('Émile & Co.')).toBe('ÉC');
    expect(companyInitials('  ')).toBe('?');
  });
});

describe('postingChoice', () => {
  const posting = (id: string, locations: string[]) => ({
    id,
    locations,
    url: `https://jobs.example.com/${id}`,
    datePosted: 1_760_000_000,
    places: [],
  });
  const card = (alsoPosted: ReturnType<typeof posting>[]) =>
    withPlaces({
      id: 'a',
      title: 'Engineer',
      company: 'Acme',
      locations: ['Chicago, IL'],
      category: null,
      terms: [],
      degrees: [],
      datePosted: 1_760_000_000,
      url: 'https://jobs.example.com/a',
      featured: false,
      type: 'new-grad',
      alsoPosted,
    });

  it('offers nothing for a posting alone', () => {
    expect(postingChoice(card([]))).toBeNull();
  });

  it('counts distinct places when the postings are in several', () => {
    const choice = postingChoice(card([posting('b', ['New York, NY']), posting('c', ['Chicago, IL'])]));
    expect(choice).toMatchObject({ kind: 'locations', count: 2 });
    expect(choice!.postings.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('counts postings when one place is posted more than once', () => {
    expect(postingChoice(card([posting('b', ['Chicago, IL'])]))).toMatchObject({ kind: 'times', count: 2 });
  });
});
