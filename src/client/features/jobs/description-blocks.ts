/** A job description as blocks: paragraphs (hard-wrapped lines joined) and bullet lists. */
export type DescriptionBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const bullet = /^\s*(?:[-*•‣◦▪–—]|\u2022)\s+(.*)$/u;
const numbered = /^\s*\d{1,2}[.)]\s+(.*)$/;

/**
 * Partners paste descriptions from documents: bullet lines ("- ", "* ", "• ", "1. ") become list items, and lines
 * wrapped at a fixed width are joined back into paragraphs. A blank line ends a paragraph or a list; a line ending
 * with ":" (a heading such as "Requirements:") stands on its own; an indented line after a bullet continues it.
 */
export function descriptionBlocks(text: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items });
    list = null;
  };

  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
      endList();
      continue;
    }
    const item = bullet.exec(raw) ?? numbered.exec(raw);
    if (item) {
      endParagraph();
      const ordered = !bullet.test(raw);
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    endList();
    paragraph.push(line);
    if (line.endsWith(':')) endParagraph();
  }
  endParagraph();
  endList();
  return blocks;
}
