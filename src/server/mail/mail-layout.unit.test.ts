import { describe, expect, it } from 'vitest';
import { absoluteUrl, mailLocaleOf, type MailContent, renderMail } from './mail-layout.ts';

// The shared e-mail layout: one content gives the text and the HTML part, with the same words and links.

const appUrl = 'https://jobs.example.edu';

function content(overrides: Partial<MailContent> = {}): MailContent {
  return {
    locale: 'fr',
    subject: '2 nouveaux postes pour « Stage <logiciel> »',
    preheader: 'Stagiaire logiciel chez Acme & Co',
    blocks: [
      { kind: 'paragraph', text: 'Bonjour Ada,' },
      {
        kind: 'section',
        heading: 'Stage logiciel',
        items: [
          { title: 'Stagiaire logiciel', url: 'https://careers.acme.test/1', lines: ['Acme & Co', 'Montréal, QC'] },
          { title: 'Développeuse', url: '/jobs/0d2c', lines: ['Globex'] },
        ],
        links: [{ label: 'Et 3 autres', url: '/jobs?q=stage&category=software' }],
      },
      { kind: 'button', link: { label: 'Voir le tableau', url: '/jobs' } },
    ],
    footer: {
      reason: 'Vous recevez ce courriel car vous avez créé une alerte.',
      links: [{ label: 'Gérer', url: '/alerts' }],
    },
    ...overrides,
  };
}

describe('renderMail', () => {
  it('writes the same words and the same absolute links in the text and the HTML part', () => {
    const mail = renderMail(content(), { appUrl });
    for (const words of [
      'Bonjour Ada,',
      'Stage logiciel',
      'Stagiaire logiciel',
      'Montréal, QC',
      'Et 3 autres',
      'Gérer',
    ]) {
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(words);
    }
    for (const link of [
      'https://careers.acme.test/1',
      'https://jobs.example.edu/jobs/0d2c',
      'https://jobs.example.edu/jobs?q=stage&category=software',
      'https://jobs.example.edu/alerts',
    ]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    }
    expect(mail.subject).toBe('2 nouveaux postes pour « Stage <logiciel> »');
  });

  it('declares the language, escapes every text and keeps headings and lists for screen readers', () => {
    const { html } = renderMail(content(), { appUrl });
    expect(html).toMatch(/^<!doctype html><html lang="fr"/);
    expect(html).toContain('<title>2 nouveaux postes pour « Stage &lt;logiciel&gt; »</title>');
    expect(html).toContain('Acme &amp; Co');
    expect(html).not.toContain('<logiciel>');
    expect(html).toMatch(/<h1[^>]*>2 nouveaux postes/);
    expect(html).toMatch(/<h2[^>]*>Stage logiciel<\/h2><ul[^>]*><li/);
    expect(html).toContain('role="presentation"');
  });

  it('drops links that are not http(s) and keeps their label as text', () => {
    const mail = renderMail(
      content({
        blocks: [{ kind: 'section', heading: 'H', items: [{ title: 'Bad', url: 'javascript:alert(1)', lines: [] }] }],
      }),
      { appUrl },
    );
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.html).toContain('Bad');
  });
});

describe('mail helpers', () => {
  it('reads a stored language as one of ours, English otherwise', () => {
    expect(mailLocaleOf('fr')).toBe('fr');
    expect(mailLocaleOf('fr-CA')).toBe('fr');
    expect(mailLocaleOf('de')).toBe('en');
    expect(mailLocaleOf(null)).toBe('en');
  });

  it('resolves app paths against PUBLIC_URL, whatever its trailing slash', () => {
    expect(absoluteUrl('/jobs?q=a', 'https://x.test/')).toBe('https://x.test/jobs?q=a');
    expect(absoluteUrl('/jobs', 'https://x.test')).toBe('https://x.test/jobs');
    expect(absoluteUrl('mailto:a@b.c', 'https://x.test')).toBeNull();
  });
});
