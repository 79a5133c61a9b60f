import { describe, expect, it } from 'vitest';
import { attribute, byClass, byId, byTag, findAll, findFirst, parseHtml, textOf } from './html-document.ts';

describe('parseHtml', () => {
  it('reads nested elements, attributes in every quoting style, and text', () => {
    const root = parseHtml(`<div id="a" class='x y' data-n=3 hidden><p>Hello <b>big</b> world</p></div>`);
    const div = findFirst(root, byId('a'));
    expect(div?.tag).toBe('div');
    expect(attribute(div, 'class')).toBe('x y');
    expect(attribute(div, 'data-n')).toBe('3');
    expect(attribute(div, 'hidden')).toBe('');
    expect(findAll(root, byClass('y'))).toHaveLength(1);
    expect(textOf(div)).toBe('Hello big world');
  });

  it('closes list items, paragraphs and cells that the page left open', () => {
    const root = parseHtml('<ul><li>one<li>two<li>three</ul><p>a<div>b</div><table><tr><td>1<td>2</table>');
    expect(findAll(root, byTag('li')).map((li) => textOf(li))).toEqual(['one', 'two', 'three']);
    expect(textOf(findFirst(root, byTag('p')))).toBe('a');
    expect(findAll(root, byTag('td')).map((td) => textOf(td))).toEqual(['1', '2']);
  });

  it('keeps nested lists apart', () => {
    const root = parseHtml('<ul><li>a<ul><li>a1<li>a2</ul><li>b</ul>');
    const outer = findFirst(root, byTag('ul'))!;
    expect(outer.children.filter((child) => typeof child !== 'string').map((li) => textOf(li))).toEqual([
      'a a1 a2',
      'b',
    ]);
  });

  it('skips comments, doctype, script and style, even when they contain markup', () => {
    const root = parseHtml(
      '<!DOCTYPE html><!-- <div id="ghost"> -->' +
        '<script>if (a < b) document.write("</div><div id=\\"x\\">")</script><style>p>b{}</style>' +
        '<span id="real">ok</span>',
    );
    expect(findFirst(root, byId('ghost'))).toBeNull();
    expect(findFirst(root, byId('x'))).toBeNull();
    expect(textOf(root)).toBe('ok');
  });

  it('treats void and self-closed elements as empty and ignores stray end tags', () => {
    const root = parseHtml('<p>a<br>b<img src="x.png"><span/>c</i></p><p>d</p>');
    expect(findAll(root, byTag('p')).map((p) => textOf(p))).toEqual(['a bc', 'd']);
  });

  it('survives broken markup without throwing', () => {
    for (const html of ['<', '<div', '<a href="x>y', '</>', '<<>>', '<div><span>', '&#xD800; &#99999999; &bogus;']) {
      expect(() => textOf(parseHtml(html))).not.toThrow();
    }
  });

  it('handles very deep nesting without overflowing the stack', () => {
    const html = '<div>'.repeat(50_000) + 'deep' + '</div>'.repeat(50_000);
    expect(textOf(parseHtml(html))).toBe('deep');
  });
});

describe('character references', () => {
  it('are decoded in text and attributes as a browser does', () => {
    const root = parseHtml(
      '<p title="caf&eacute; &amp; co">Tom &amp; Jerry&#39;s &#x1F600; caf&eacute; &nbsp;&bogus;</p>',
    );
    expect(attribute(findFirst(root, byTag('p')), 'title')).toBe('café & co');
    expect(findFirst(root, byTag('p'))?.children).toEqual(["Tom & Jerry's 😀 café \u00a0&bogus;"]);
  });
});
