import type { PdfPageText, PdfTextItem } from './pdf-text.ts';

// Positioned text -> lines in reading order. A page with two columns (a sidebar beside the main text) is read column
// by column: what spans both (a name across the top) first, then the left column, then the right one. Columns are
// found from the page itself, whatever order the PDF drew them in: a vertical band that almost no text crosses, with
// several lines of text entirely on each side.

export type LineSide = 'full' | 'left' | 'right';

export type TextLine = {
  text: string;
  /** Pieces separated by a wide gap: a table's cells, or a school and its dates far to the right. */
  cells: string[];
  x: number;
  y: number;
  /** The largest font size on the line. */
  size: number;
  page: number;
};

/** Lines read one after the other: a column of one page, or the whole page when it has one column. */
export type LineBlock = { page: number; side: LineSide; width: number; lines: TextLine[] };

// A gap wider than this many font sizes between two pieces of one line separates cells.
const cellGap = 0.8;
const binWidth = 2;
const minGutter = 10;
const minLinesPerColumn = 6;

function distinctLines(items: PdfTextItem[]): number {
  const baselines = new Set(items.map((item) => Math.round(item.y / 3)));
  return baselines.size;
}

/** The x range of the gap between two columns, or null for a page of one column. */
export function findGutter(page: PdfPageText): { start: number; end: number } | null {
  const { items, width } = page;
  if (items.length < 2 * minLinesPerColumn) return null;
  const bins = new Array<number>(Math.ceil(width / binWidth) + 1).fill(0);
  for (const item of items) {
    const first = Math.max(0, Math.floor(item.x / binWidth));
    const last = Math.min(bins.length - 1, Math.floor((item.x + item.width) / binWidth));
    for (let bin = first; bin <= last; bin += 1) bins[bin]! += 1;
  }
  // A clean gap first; failing that, one that a few pieces cross (a name or a date across the whole page).
  for (const allowance of [0, Math.max(2, Math.floor(items.length * 0.02))]) {
    const gutter = widestGap(items, bins, width, allowance);
    if (gutter) return gutter;
  }
  return null;
}

function widestGap(
  items: PdfTextItem[],
  bins: number[],
  width: number,
  allowance: number,
): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  let runStart = -1;
  const low = Math.floor((width * 0.2) / binWidth);
  const high = Math.ceil((width * 0.8) / binWidth);
  for (let bin = low; bin <= high + 1; bin += 1) {
    const open = bin <= high && bins[bin]! <= allowance;
    if (open && runStart < 0) runStart = bin;
    if (!open && runStart >= 0) {
      const start = runStart * binWidth;
      const end = bin * binWidth;
      if (end - start >= minGutter && (!best || end - start > best.end - best.start)) {
        const left = items.filter((item) => item.x + item.width <= start + binWidth);
        const right = items.filter((item) => item.x >= end - binWidth);
        if (distinctLines(left) >= minLinesPerColumn && distinctLines(right) >= minLinesPerColumn) {
          best = { start, end };
        }
      }
      runStart = -1;
    }
  }
  return best;
}

/** Pieces of text on one baseline, left to right, joined into a line with its cells. */
function joinLine(items: PdfTextItem[], page: number): TextLine {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const cells: string[] = [];
  let cell = '';
  let end = -Infinity;
  for (const item of sorted) {
    const gap = item.x - end;
    if (cell !== '' && gap > cellGap * item.size) {
      cells.push(cell.trim());
      cell = '';
    } else if (cell !== '' && gap > 0.15 * item.size && !/\s$/.test(cell) && !/^\s/.test(item.text)) {
      cell += ' ';
    }
    cell += item.text;
    end = Math.max(end, item.x + item.width);
  }
  if (cell.trim() !== '') cells.push(cell.trim());
  // Three spaces or more inside one piece also separate cells ('McGill University    Expected May 2027').
  const split = cells.flatMap((text) => text.split(/\s{3,}/)).map((text) => text.replace(/\s+/g, ' ').trim());
  return {
    text: split.join(' '),
    cells: split.filter((text) => text !== ''),
    x: sorted[0]?.x ?? 0,
    y: sorted[0]?.y ?? 0,
    size: Math.max(...sorted.map((item) => item.size)),
    page,
  };
}

/** Items -> lines, top to bottom: pieces whose baselines are within a fraction of their size share a line. */
export function groupLines(items: PdfTextItem[], page: number): TextLine[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  for (const item of sorted) {
    const group = groups[groups.length - 1];
    const anchor = group?.[0];
    if (group && anchor && Math.abs(item.y - anchor.y) <= 0.4 * Math.min(item.size, anchor.size)) group.push(item);
    else groups.push([item]);
  }
  return groups.map((group) => joinLine(group, page));
}

/** The page's lines in reading order, as blocks (one per column). */
export function pageBlocks(page: PdfPageText, pageIndex: number): LineBlock[] {
  const gutter = findGutter(page);
  if (!gutter) return [{ page: pageIndex, side: 'full', width: page.width, lines: groupLines(page.items, pageIndex) }];
  const left: PdfTextItem[] = [];
  const right: PdfTextItem[] = [];
  const spanning: PdfTextItem[] = [];
  for (const item of page.items) {
    if (item.x + item.width <= gutter.start + binWidth) left.push(item);
    else if (item.x >= gutter.end - binWidth) right.push(item);
    else spanning.push(item);
  }
  const columnTop = Math.min(...[...left, ...right].map((item) => item.y));
  const above = spanning.filter((item) => item.y < columnTop);
  const below = spanning.filter((item) => item.y >= columnTop);
  const blocks: LineBlock[] = [];
  if (above.length > 0)
    blocks.push({ page: pageIndex, side: 'full', width: page.width, lines: groupLines(above, pageIndex) });
  blocks.push({ page: pageIndex, side: 'left', width: gutter.start, lines: groupLines(left, pageIndex) });
  blocks.push({ page: pageIndex, side: 'right', width: page.width - gutter.end, lines: groupLines(right, pageIndex) });
  if (below.length > 0)
    blocks.push({ page: pageIndex, side: 'full', width: page.width, lines: groupLines(below, pageIndex) });
  return blocks;
}

export function readingOrder(pages: PdfPageText[]): LineBlock[] {
  return pages.flatMap((page, index) => pageBlocks(page, index));
}
