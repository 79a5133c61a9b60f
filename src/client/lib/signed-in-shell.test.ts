import { describe, expect, it } from 'vitest';
import { composeSignedInShell, shellMarkup } from '../../../scripts/vite-plugin-prerender.ts';
import { entryScriptOf } from './entry-script.ts';
import { signedInShellMarkers } from './signed-in-shell.ts';

const built = `<!doctype html><html lang="en"><head><title>Campus Jobs</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-def456.js">
</head><body><noscript>Enable JavaScript</noscript><div id="root"></div></body></html>`;

const view = (extra = '') =>
  `<main id="chakra-skip-nav"><h1 data-testid="dashboard-greeting" class="g">Welcome, ${signedInShellMarkers.name}</h1>` +
  `<div class="avatar">${signedInShellMarkers.initials}</div><p>${signedInShellMarkers.name}</p>` +
  `<p>${signedInShellMarkers.email}</p><label for="q">Search</label>` +
  `<svg><linearGradient id="logo-bg"></linearGradient><rect fill="url(#logo-bg)"></rect></svg>${extra}</main>`;

describe('the signed-in shell composed at build', () => {
  it("turns the stand-in student's texts into fill-in slots and keeps no ids or test ids", () => {
    const markup = shellMarkup(view());
    expect(markup).toContain('<h1 class="g">Welcome, <span data-shell-fill="greeting"></span></h1>');
    expect(markup).toContain('<div class="avatar"><span data-shell-fill="initials"></span></div>');
    expect(markup).toContain('<p><span data-shell-fill="name"></span></p>');
    expect(markup).toContain('<p><span data-shell-fill="email"></span></p>');
    expect(markup).not.toMatch(/\s(data-testid|for)="/);
    // The only id left is the one an SVG paints with.
    expect([...markup.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1])).toEqual(['logo-bg']);
  });

  it('refuses a stand-in text left where no slot can go (a link)', () => {
    expect(() => shellMarkup(view(`<a href="/u/${signedInShellMarkers.name}">me</a>`))).toThrow(/stand-in text/);
    // A label naming the student on a control that does nothing yet is dropped instead.
    const labelled = shellMarkup(
      view(`<button aria-label="${signedInShellMarkers.name}, ${signedInShellMarkers.email}">`),
    );
    expect(labelled).toContain('<button>');
  });

  it('gates the page on the signed-in hint, hides the app until it takes over, and starts it after the paint', () => {
    const html = composeSignedInShell(built, 'fr', {
      views: { mobile: view(), expanded: view(), collapsed: view() },
      head: '<title>Tableau de bord</title>',
      styles: '<style data-emotion="css x">.g{color:red}</style>',
    });
    expect(html).toMatch(/^<!doctype html><html lang="fr" data-signed-in-shell>/);
    // The gate runs first, before anything is painted.
    expect(html.indexOf("location.replace('/sign-in?redirectUrl='")).toBeLessThan(html.indexOf('<title>'));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Tableau de bord</title>');
    expect(html).toContain('html[data-signed-in-shell] #root{display:none}');
    // The frame for the last job cards stays out of sight until the script fills it, then takes the skeletons' place.
    expect(html).toContain(
      '#signed-in-shell [data-shell-cards]:not([data-shell-filled]),' +
        '#signed-in-shell [data-shell-filled]+[data-shell-skeletons]{display:none!important}',
    );
    expect(html).toContain('localStorage.getItem("signed-in-shell-cards")');
    for (const name of ['mobile', 'expanded', 'collapsed']) expect(html).toContain(`<div data-shell-view="${name}">`);
    // A picture: nothing in it can be clicked or focused before the app replaces it.
    expect(html).toContain('<div id="signed-in-shell" aria-busy="true" inert>');
    expect(html).toMatch(/<\/div><script>[^<]*requestAnimationFrame[^<]*<\/script><div id="root"><\/div>/);
    expect(entryScriptOf(html)).toBe('/assets/index-abc123.js');
    expect(html).toContain('"/assets/react-def456.js"');
  });
});

describe('entryScriptOf', () => {
  it("names the module script of the built index.html and of a shell's start-up script", () => {
    expect(entryScriptOf(built)).toBe('/assets/index-abc123.js');
    expect(entryScriptOf('<script>var script; script.src = "/assets/index-zz.js";</script>')).toBe(
      '/assets/index-zz.js',
    );
    expect(entryScriptOf('<html></html>')).toBeNull();
  });
});
