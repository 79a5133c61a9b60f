import { describe, expect, it } from 'vitest';
import { findMentions } from './find-mentions.ts';

const tea = { uid: 'u1', name: 'Tea Mate' };
const theo = { uid: 'u2', name: 'Théo Martin' };
const theoB = { uid: 'u3', name: 'Théo Bernard' };
const olivia = { uid: 'u4', name: 'Olivia' };

describe('findMentions', () => {
  it('finds full names without case or accents, each member once, in order', () => {
    expect(findMentions('@theo martin and @TEA MATE, then @Tea Mate again', [tea, theo])).toEqual([theo, tea]);
  });

  it('takes a first name alone only when one member has it', () => {
    expect(findMentions('ask @tea please', [tea, theo, theoB])).toEqual([tea]);
    expect(findMentions('ask @Théo please', [tea, theo, theoB])).toEqual([]);
    expect(findMentions('ask @Théo Bernard please', [tea, theo, theoB])).toEqual([theoB]);
  });

  it('needs a word boundary after the name and ignores e-mail addresses', () => {
    expect(findMentions('@Oliviana is not her', [olivia])).toEqual([]);
    expect(findMentions('write to olivia@example.com', [olivia])).toEqual([]);
    expect(findMentions('(@olivia)', [olivia])).toEqual([olivia]);
  });

  it('finds nothing in a note without mentions or with unknown names', () => {
    expect(findMentions('no mention here', [tea])).toEqual([]);
    expect(findMentions('@nobody @', [tea])).toEqual([]);
  });
});
