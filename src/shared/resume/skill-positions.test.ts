import { describe, expect, it } from 'vitest';
import { skillPositions } from './skill-positions.ts';

describe('skillPositions', () => {
  it.each([
    ['TypeScript, React and SQL', 'typescript', [0]],
    ['Go and Google', 'Go', [0]],
    ['CSS, C and C++', 'C', [5]],
    ['C# and C', 'C', [7]],
    ['CSS, C and C++', 'C++', [11]],
    ['Node.js; node.js', 'Node.js', [0, 9]],
    ['SQL/NoSQL', 'SQL', [0]],
    ['Python3', 'Python', []],
    ['Rust', '  ', []],
    ['Réseaux et réseau', 'réseau', [11]],
  ])('%j has %j at %j', (text, skill, expected) => {
    expect(skillPositions(text, skill)).toEqual(expected);
  });
});
