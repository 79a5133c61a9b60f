import { describe, expect, it } from 'vitest';
import { descriptionBlocks } from './description-blocks.ts';

describe('job description blocks', () => {
  it('joins hard-wrapped lines into one paragraph and splits paragraphs at blank lines', () => {
    expect(descriptionBlocks('We build tools for\nstudents and schools.\n\nJoin us.')).toEqual([
      { kind: 'paragraph', text: 'We build tools for students and schools.' },
      { kind: 'paragraph', text: 'Join us.' },
    ]);
  });

  it('turns bullet and numbered lines into lists, a heading line standing alone before them', () => {
    const text = 'Requirements:\n- TypeScript\n* React and\n  testing\n• SQL\n1. Apply\n2) Interview\nThanks';
    expect(descriptionBlocks(text)).toEqual([
      { kind: 'paragraph', text: 'Requirements:' },
      { kind: 'list', ordered: false, items: ['TypeScript', 'React and testing', 'SQL'] },
      { kind: 'list', ordered: true, items: ['Apply', 'Interview'] },
      { kind: 'paragraph', text: 'Thanks' },
    ]);
  });

  it('keeps a hyphenated word at the start of a line as text, and handles Windows line ends', () => {
    expect(descriptionBlocks('Full-stack role\r\n-remote ok')).toEqual([
      { kind: 'paragraph', text: 'Full-stack role -remote ok' },
    ]);
    expect(descriptionBlocks('')).toEqual([]);
  });
});
