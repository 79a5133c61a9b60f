import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

// Devpost's server-rendered pages, read with parse5 (the WHATWG HTML parsing algorithm, as browsers do) into a small
// tree the Devpost parser queries: elements with their attributes, and text. Script-like content is left out.

export type HtmlElement = {
  tag: string;
  attributes: Map<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
};

export type HtmlNode = HtmlElement | string;

const inlineElements = new Set([
  'a',
  'abbr',
  'b',
  'cite',
  'code',
  'em',
  'i',
  'img',
  'label',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);
/** Their text is code or a fallback, never something the page shows. */
const skippedContent = new Set(['script', 'style', 'template', 'noscript']);

type ParsedNode = DefaultTreeAdapterTypes.ChildNode;

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#document', attributes: new Map(), children: [], parent: null };
  // Iterative: deep pages cannot overflow the stack.
  const pending: { node: ParsedNode; parent: HtmlElement }[] = parse(html)
    .childNodes.map((node) => ({ node, parent: root }))
    .reverse();
  while (pending.length > 0) {
    const { node, parent } = pending.pop()!;
    if (node.nodeName === '#text') {
      parent.children.push((node as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (!('tagName' in node)) continue;
    const element: HtmlElement = {
      tag: node.tagName,
      attributes: new Map(node.attrs.map((attribute) => [attribute.name, attribute.value])),
      children: [],
      parent,
    };
    parent.children.push(element);
    if (skippedContent.has(element.tag)) continue;
    for (let index = node.childNodes.length - 1; index >= 0; index -= 1) {
      pending.push({ node: node.childNodes[index]!, parent: element });
    }
  }
  return root;
}

function isElement(node: HtmlNode): node is HtmlElement {
  return typeof node !== 'string';
}

/** Elements under `from` (not `from` itself) that match, in document order. Iterative: deep pages cannot overflow. */
export function findAll(from: HtmlElement, matches: (element: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  const pending: HtmlNode[] = [...from.children].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (!isElement(node)) continue;
    if (matches(node)) found.push(node);
    for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index]!);
  }
  return found;
}

export function findFirst(from: HtmlElement, matches: (element: HtmlElement) => boolean): HtmlElement | null {
  return findAll(from, matches)[0] ?? null;
}

export function hasClass(element: HtmlElement, className: string): boolean {
  return (element.attributes.get('class') ?? '').split(/\s+/).includes(className);
}

export const byId = (id: string) => (element: HtmlElement) => element.attributes.get('id') === id;
export const byClass = (className: string) => (element: HtmlElement) => hasClass(element, className);
export const byTag =
  (...tags: string[]) =>
  (element: HtmlElement) =>
    tags.includes(element.tag);

export function attribute(element: HtmlElement | null, name: string): string | null {
  return element?.attributes.get(name) ?? null;
}

/** The element's text with whitespace collapsed; block elements separate words ("<li>a</li><li>b</li>" is "a b"). */
export function textOf(node: HtmlNode | null): string {
  if (node === null) return '';
  const pieces: string[] = [];
  const pending: HtmlNode[] = [node];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (!isElement(next)) {
      pieces.push(next);
      continue;
    }
    const block = !inlineElements.has(next.tag);
    // A string pushed first is read after the children.
    if (block) pending.push(' ');
    for (let index = next.children.length - 1; index >= 0; index -= 1) pending.push(next.children[index]!);
    if (block) pieces.push(' ');
  }
  return pieces.join('').replace(/\s+/g, ' ').trim();
}

/** The text directly inside `element`, without its descendants' ("<h5>Skills <i>x</i></h5>" is "Skills"). */
export function ownText(element: HtmlElement): string {
  return element.children
    .filter((child) => typeof child === 'string')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Following element siblings of `element`, in order. */
export function nextSiblings(element: HtmlElement): HtmlElement[] {
  const siblings = element.parent?.children ?? [];
  const index = siblings.indexOf(element);
  return siblings.slice(index + 1).filter(isElement);
}
