// A forgiving HTML reader, enough to pull text and links out of server-rendered pages (Devpost's): tags, attributes,
// text, comments, void elements, raw-text elements and the common implied end tags. Not a full HTML5 parser: no
// foster parenting, no adoption agency. Unknown markup never throws; it just ends up in odd places.

export type HtmlElement = {
  tag: string
  attributes: Map<string, string>
  children: HtmlNode[]
  parent: HtmlElement | null
}

export type HtmlNode = HtmlElement | string

const voidElements = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
])
const skippedRawText = new Set(['script', 'style', 'template', 'noscript'])
const keptRawText = new Set(['title', 'textarea'])
const inlineElements = new Set([
  'a', 'abbr', 'b', 'cite', 'code', 'em', 'i', 'img', 'label', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup',
  'time', 'u',
])
const closesParagraph = new Set([
  'address', 'article', 'aside', 'blockquote', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul',
])
/** An open element of the key's kind is closed by a new element of any listed kind, up to a list boundary. */
const impliedEnds: Record<string, { closedBy: Set<string>; scope: Set<string> }> = {
  li: { closedBy: new Set(['li']), scope: new Set(['ul', 'ol']) },
  dt: { closedBy: new Set(['dt', 'dd']), scope: new Set(['dl']) },
  dd: { closedBy: new Set(['dt', 'dd']), scope: new Set(['dl']) },
  option: { closedBy: new Set(['option', 'optgroup']), scope: new Set(['select', 'datalist']) },
  tr: { closedBy: new Set(['tr']), scope: new Set(['table', 'tbody', 'thead', 'tfoot']) },
  td: { closedBy: new Set(['td', 'th', 'tr']), scope: new Set(['table', 'tr']) },
  th: { closedBy: new Set(['td', 'th', 'tr']), scope: new Set(['table', 'tr']) },
}

const closesSiblings = new Set(Object.values(impliedEnds).flatMap((rule) => [...rule.closedBy]))
const maxEndTagSearch = 256

const namedEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '…', mdash: '—', ndash: '–',
  rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', copy: '©', reg: '®', trade: '™', middot: '·', bull: '•',
  eacute: 'é', egrave: 'è', agrave: 'à', ccedil: 'ç', times: '×',
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X'
      const code = hex ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity
    }
    return namedEntities[body.toLowerCase()] ?? entity
  })
}

function createElement(tag: string, parent: HtmlElement | null): HtmlElement {
  return { tag, attributes: new Map(), children: [], parent }
}

const attributePattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

export function parseHtml(html: string): HtmlElement {
  const root = createElement('#document', null)
  const stack: HtmlElement[] = [root]
  const current = () => stack[stack.length - 1] ?? root
  let position = 0

  function closeUpTo(index: number): void {
    stack.length = Math.max(1, index)
  }

  function openElement(tag: string): void {
    if (current().tag === 'p' && closesParagraph.has(tag)) stack.pop()
    if (!closesSiblings.has(tag)) return
    // Implied end tags: <li>a<li>b closes the first li, up to the list that holds them.
    for (let index = stack.length - 1; index > Math.max(0, stack.length - maxEndTagSearch); index -= 1) {
      const open = stack[index]!
      if (impliedEnds[open.tag]?.closedBy.has(tag)) {
        closeUpTo(index)
        break
      }
      if (impliedEnds[tag]?.scope.has(open.tag)) break
    }
  }

  while (position < html.length) {
    const lt = html.indexOf('<', position)
    if (lt === -1) {
      current().children.push(decodeEntities(html.slice(position)))
      break
    }
    if (lt > position) current().children.push(decodeEntities(html.slice(position, lt)))

    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4)
      position = end === -1 ? html.length : end + 3
      continue
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt)
      position = end === -1 ? html.length : end + 1
      continue
    }
    const closing = html[lt + 1] === '/'
    const nameMatch = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(html.slice(lt + (closing ? 2 : 1), lt + 40))
    if (!nameMatch) {
      current().children.push('<')
      position = lt + 1
      continue
    }
    const tag = nameMatch[0].toLowerCase()
    // The tag ends at the first '>' outside quotes.
    let end = lt + (closing ? 2 : 1) + nameMatch[0].length
    let quote: string | null = null
    while (end < html.length) {
      const character = html[end]
      if (quote) {
        if (character === quote) quote = null
      } else if (character === '"' || character === "'") {
        quote = character
      } else if (character === '>') {
        break
      }
      end += 1
    }
    const inside = html.slice(lt + (closing ? 2 : 1) + nameMatch[0].length, end)
    position = end + 1

    if (closing) {
      // A stray end tag is looked for only so far up: deep pages full of them must stay linear.
      for (let index = stack.length - 1; index > Math.max(0, stack.length - maxEndTagSearch); index -= 1) {
        if (stack[index]!.tag === tag) {
          closeUpTo(index)
          break
        }
      }
      continue
    }

    openElement(tag)
    const element = createElement(tag, current())
    for (const match of inside.matchAll(attributePattern)) {
      const name = match[1]!.toLowerCase()
      const value = match[2] ?? match[3] ?? match[4] ?? ''
      if (!element.attributes.has(name)) element.attributes.set(name, decodeEntities(value))
    }
    current().children.push(element)

    if (voidElements.has(tag) || inside.trimEnd().endsWith('/')) continue
    if (skippedRawText.has(tag) || keptRawText.has(tag)) {
      const closePattern = new RegExp(`</${tag}`, 'ig')
      closePattern.lastIndex = position
      const closeAt = closePattern.exec(html)?.index ?? -1
      const rawEnd = closeAt === -1 ? html.length : closeAt
      if (keptRawText.has(tag)) element.children.push(decodeEntities(html.slice(position, rawEnd)))
      const gt = closeAt === -1 ? -1 : html.indexOf('>', closeAt)
      position = gt === -1 ? html.length : gt + 1
      continue
    }
    stack.push(element)
  }
  return root
}

function isElement(node: HtmlNode): node is HtmlElement {
  return typeof node !== 'string'
}

/** Elements under `from` (not `from` itself) that match, in document order. Iterative: deep pages cannot overflow. */
export function findAll(from: HtmlElement, matches: (element: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = []
  const pending: HtmlNode[] = [...from.children].reverse()
  while (pending.length > 0) {
    const node = pending.pop()!
    if (!isElement(node)) continue
    if (matches(node)) found.push(node)
    for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index]!)
  }
  return found
}

export function findFirst(from: HtmlElement, matches: (element: HtmlElement) => boolean): HtmlElement | null {
  return findAll(from, matches)[0] ?? null
}

export function hasClass(element: HtmlElement, className: string): boolean {
  return (element.attributes.get('class') ?? '').split(/\s+/).includes(className)
}

export const byId = (id: string) => (element: HtmlElement) => element.attributes.get('id') === id
export const byClass = (className: string) => (element: HtmlElement) => hasClass(element, className)
export const byTag =
  (...tags: string[]) =>
  (element: HtmlElement) =>
    tags.includes(element.tag)

export function attribute(element: HtmlElement | null, name: string): string | null {
  return element?.attributes.get(name) ?? null
}

/** The element's text with whitespace collapsed; block elements separate words ("<li>a</li><li>b</li>" is "a b"). */
export function textOf(node: HtmlNode | null): string {
  if (node === null) return ''
  const pieces: string[] = []
  const pending: HtmlNode[] = [node]
  while (pending.length > 0) {
    const next = pending.pop()!
    if (!isElement(next)) {
      pieces.push(next)
      continue
    }
    const block = !inlineElements.has(next.tag)
    // A string pushed first is read after the children.
    if (block) pending.push(' ')
    for (let index = next.children.length - 1; index >= 0; index -= 1) pending.push(next.children[index]!)
    if (block) pieces.push(' ')
  }
  return pieces.join('').replace(/\s+/g, ' ').trim()
}

/** The text directly inside `element`, without its descendants' ("<h5>Skills <i>x</i></h5>" is "Skills"). */
export function ownText(element: HtmlElement): string {
  return element.children
    .filter((child) => typeof child === 'string')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Following element siblings of `element`, in order. */
export function nextSiblings(element: HtmlElement): HtmlElement[] {
  const siblings = element.parent?.children ?? []
  const index = siblings.indexOf(element)
  return siblings.slice(index + 1).filter(isElement)
}
