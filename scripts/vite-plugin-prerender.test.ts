import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { parse, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it, vi } from 'vitest';
import { reactPropsKeyPrefix } from '../src/client/lib/held-tap.ts';
import { signedInHintKey } from '../src/client/lib/session/session-keys.ts';
import { signedInShellMarkers } from '../src/client/lib/signed-in-shell.ts';
import { sidebarCookieName } from '../src/client/features/dashboard/sidebar-state.ts';
import { chunksFor, composePage, composeSignedInShell, shellMarkup } from './vite-plugin-prerender.ts';

// The prerender plugin's pure parts, without a browser: the HTML it writes around a rendered page, and what its
// inline scripts do, run in a small stand-in of the page (the browser tests cover the real thing end to end).

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const entry = '/assets/index-C0ffee12.js';
const preloads = ['react', 'chakra', 'router', 'i18n', 'dexie', 'firebase'].map((name) => `/assets/${name}-A1b2.js`);

/** The app's index.html as `vite build` writes it: the module script and its modulepreloads in <head>. */
function builtShell(): string {
  const source = readFileSync(fileURLToPath(new URL('../src/client/index.html', import.meta.url)), 'utf8');
  const tags = [
    `<script type="module" crossorigin src="${entry}"></script>`,
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  return source
    .replace(/\s*<script type="module" src="\.\/main\.tsx"><\/script>/, '')
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const textOf = (element: Element) => element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

function parsed(html: string) {
  const all = [...elements(parse(html))];
  const one = (tag: string) => {
    const found = all.filter((element) => element.tagName === tag);
    expect(found, `one <${tag}>`).toHaveLength(1);
    return found[0]!;
  };
  return { all, one, byTag: (tag: string) => all.filter((element) => element.tagName === tag) };
}

const page = {
  head: '<title>Sign in - Campus Jobs</title><meta name="robots" content="noindex">',
  styles: '<style data-prerendered-css>h1{font-size:2rem}</style>',
  // "$&" and "$'" mean something to String.replace: the markup must still land as written.
  body: '<main><h1>Sign in</h1><button type="button">Continue with Email</button><p>Free: $0 $&amp; $\'</p></main>',
};

describe('composePage', () => {
  it('writes the rendered page into the shell: language, title, head tags, styles, markup, no app scripts', () => {
    const html = composePage(builtShell(), 'fr', page);
    const { one, byTag } = parsed(html);
    expect(attribute(one('html'), 'lang')).toBe('fr');
    expect(byTag('title').map(textOf)).toEqual(['Sign in - Campus Jobs']);
    const head = one('head');
    expect(byTag('meta').some((meta) => attribute(meta, 'name') === 'robots')).toBe(true);
    expect(head.childNodes).toContain(one('style'));
    expect(textOf(one('style'))).toBe('h1{font-size:2rem}');
    expect(byTag('noscript')).toEqual([]);
    const root = byTag('div').find((div) => attribute(div, 'id') === 'root')!;
    expect(attribute(root, 'data-prerendered')).toBe('');
    expect(serialize(root)).toBe(page.body);
    expect(byTag('link').filter((link) => attribute(link, 'rel') === 'modulepreload')).toEqual([]);
    // One script: the inline start-up script, last in <body>, on one line, with no '<' (read up to the next tag).
    const script = one('script');
    expect(attribute(script, 'src')).toBeUndefined();
    expect(
      one('body')
        .childNodes.filter((child) => 'tagName' in child)
        .at(-1),
    ).toBe(script);
    expect(textOf(script)).not.toMatch(/[\n<]/);
    expect(textOf(script)).toContain(JSON.stringify(entry));
  });

  it("keeps the shell's title when the page has none", () => {
    const html = composePage(builtShell(), 'en', { ...page, head: '<meta name="robots" content="noindex">' });
    expect(parsed(html).byTag('title').map(textOf)).toEqual(['Campus Jobs']);
  });

  it('writes a head with "$&" and "$\'" in it as it is (a title with a price), in a page and in a signed-in shell', () => {
    const head = `<title>Pay: $& and $' and $$</title>`;
    for (const html of [
      composePage(builtShell(), 'en', { ...page, head }),
      composeSignedInShell(builtShell(), 'en', { views: views('<h1>Dashboard</h1>'), head, styles: '' }),
    ]) {
      expect(parsed(html).byTag('title').map(textOf)).toEqual(["Pay: $& and $' and $$"]);
    }
  });

  it('stops the build when the built index.html has no module script', () => {
    const shell = builtShell().replace(/<script type="module"[^>]*><\/script>/, '');
    expect(() => composePage(shell, 'en', page)).toThrow('prerender: the built index.html has no module script');
  });
});

// ------------------------------------------------------------------------------------- the start-up script at work

/** Just enough of an element for the start-up script: a tree, attributes, closest() for its simple selectors. */
class StandInElement {
  readonly children: StandInElement[] = [];
  parent: StandInElement | null = null;
  readonly tagName: string;
  readonly attributes: Record<string, string>;
  [property: string]: unknown;

  constructor(tagName: string, attributes: Record<string, string> = {}) {
    this.tagName = tagName;
    this.attributes = attributes;
  }

  appendChild(child: StandInElement): StandInElement {
    child.parent = this;
    this.children.push(child);
    return child;
  }

  contains(other: StandInElement): boolean {
    for (let node: StandInElement | null = other; node; node = node.parent) if (node === this) return true;
    return false;
  }

  matches(selector: string): boolean {
    const byAttribute = /^\[([\w-]+)="([^"]*)"\]$/.exec(selector);
    if (byAttribute) return this.attributes[byAttribute[1]!] === byAttribute[2];
    if (/^[a-z]+$/.test(selector)) return this.tagName === selector;
    throw new Error(`the stand-in does not read the selector ${selector}`);
  }

  closest(selectors: string): StandInElement | null {
    const list = selectors.split(',').map((selector) => selector.trim());
    if (list.some((selector) => this.matches(selector))) return this;
    return this.parent?.closest(selectors) ?? null;
  }
}

type Listener = { listener: (event: unknown) => void; once: boolean };

/** A prerendered page with the start-up script run in it: its <head>, #root, pending tasks, and event dispatch. */
function startUpPage(options: { hint?: boolean; storage?: 'disabled'; worker?: 'controlling' | 'none' } = {}) {
  const html = composePage(builtShell(), 'en', page);
  const source = textOf(parsed(html).one('script'));
  const head = new StandInElement('head');
  const body = new StandInElement('body');
  const root = body.appendChild(new StandInElement('div', { id: 'root' }));
  const listeners = new Map<string, Listener[]>();
  const windowListeners = new Map<string, Array<() => void>>();
  const tasks: Array<() => void> = [];
  const registered: unknown[][] = [];
  const document = {
    head,
    createElement: (tag: string) => new StandInElement(tag),
    getElementById: (id: string) => (id === 'root' ? root : null),
    addEventListener: (type: string, listener: (event: unknown) => void, options?: boolean | { once?: boolean }) => {
      const once = typeof options === 'object' && Boolean(options.once);
      listeners.set(type, [...(listeners.get(type) ?? []), { listener, once }]);
    },
  };
  const navigator =
    options.worker === 'none'
      ? {}
      : {
          serviceWorker: {
            controller: options.worker === 'controlling' ? {} : null,
            register: (...args: unknown[]) => {
              registered.push(args);
              return Promise.resolve();
            },
          },
        };
  const storage = {
    getItem: (key: string) => {
      if (options.storage === 'disabled') throw new Error('SecurityError: storage is disabled');
      return key === signedInHintKey && options.hint ? '1' : null;
    },
  };
  const window: Record<string, unknown> = {
    document,
    navigator,
    localStorage: storage,
    setTimeout: (task: () => void) => tasks.push(task),
    addEventListener: (type: string, listener: () => void) =>
      windowListeners.set(type, [...(windowListeners.get(type) ?? []), listener]),
  };
  window.window = window;
  runInContext(source, createContext(window));

  return {
    window,
    root,
    registered,
    /** What the script put in <head>: the app's entry module, then its modulepreloads. */
    loaded: () =>
      head.children.map((element) =>
        element.tagName === 'script'
          ? `${String(element.type)} ${String(element.src)}`
          : `${String(element.rel)} ${String(element.href)}`,
      ),
    /** Runs the tasks queued so far (setTimeout 0), as the event loop would, one at a time. */
    runTasks: () => {
      let count = 0;
      while (tasks.length > 0) {
        tasks.shift()!();
        count += 1;
      }
      return count;
    },
    dispatch: (type: string, event: Record<string, unknown> = {}) => {
      for (const entry of [...(listeners.get(type) ?? [])]) {
        if (entry.once)
          listeners.set(
            type,
            listeners.get(type)!.filter((other) => other !== entry),
          );
        entry.listener(event);
      }
    },
    fireWindow: (type: string) => windowListeners.get(type)?.forEach((listener) => listener()),
    /** A click on `target`: whether the script stopped it (the page's own handlers would not see it). */
    click: (target: StandInElement) => {
      const event = { target, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
      for (const entry of listeners.get('click') ?? []) entry.listener(event);
      return {
        held: event.preventDefault.mock.calls.length > 0 && event.stopImmediatePropagation.mock.calls.length > 0,
      };
    },
  };
}

const appEntry = `module ${entry}`;
const preloadLinks = (hrefs: string[]) => hrefs.map((href) => `modulepreload ${href}`);

describe('the start-up script of a prerendered page', () => {
  it('loads nothing until the first sign of interaction, then the entry at once and its preloads four per task', () => {
    const tab = startUpPage();
    expect(tab.loaded()).toEqual([]);
    tab.dispatch('pointerdown');
    expect(tab.loaded()).toEqual([appEntry, ...preloadLinks(preloads.slice(0, 4))]);
    expect(tab.runTasks()).toBe(1);
    expect(tab.loaded()).toEqual([appEntry, ...preloadLinks(preloads)]);
    tab.dispatch('keydown');
    tab.dispatch('pointerdown');
    expect(tab.runTasks()).toBe(0);
    expect(tab.loaded()).toEqual([appEntry, ...preloadLinks(preloads)]);
  });

  it.each(['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'])('starts the app on %s', (type) => {
    const tab = startUpPage();
    tab.dispatch(type);
    expect(tab.loaded()[0]).toBe(appEntry);
  });

  it('starts the app at once in a browser that had a signed-in session', () => {
    expect(startUpPage({ hint: true }).loaded()[0]).toBe(appEntry);
    expect(startUpPage({ hint: false }).loaded()).toEqual([]);
  });

  it('waits for interaction when storage is disabled, instead of failing', () => {
    const tab = startUpPage({ storage: 'disabled' });
    expect(tab.loaded()).toEqual([]);
    tab.dispatch('focusin');
    expect(tab.loaded()[0]).toBe(appEntry);
  });

  it('adds no preloads to a page the service worker controls', () => {
    const tab = startUpPage({ worker: 'controlling' });
    tab.dispatch('pointerdown');
    expect(tab.runTasks()).toBe(0);
    expect(tab.loaded()).toEqual([appEntry]);
  });

  it('registers the service worker after the load event, where the browser has them', () => {
    const tab = startUpPage();
    expect(tab.registered).toEqual([]);
    tab.fireWindow('load');
    expect(tab.registered).toEqual([['/sw.js', { scope: '/' }]]);
    expect(() => startUpPage({ worker: 'none' }).fireWindow('load')).not.toThrow();
  });

  it.each([
    ['a <button> (tapped on its label text)', 'button', {}],
    ['a [role=button]', 'div', { role: 'button' }],
    ['a <summary>', 'summary', {}],
    ['a <label>', 'label', {}],
    ['an <input>', 'input', {}],
  ] as const)(
    'holds a tap on %s React does not handle yet, and starts the app',
    (_name, tag, attributes: Record<string, string>) => {
      const tab = startUpPage();
      const control = tab.root.appendChild(new StandInElement('form')).appendChild(new StandInElement(tag, attributes));
      const text = control.appendChild(new StandInElement('span'));
      expect(tab.click(text).held).toBe(true);
      expect(tab.window.__heldClick).toBe(control);
      expect(tab.loaded()[0]).toBe(appEntry);
    },
  );

  it('lets a tap through on a control React handles, a link, a control outside #root, and the tap the app releases', () => {
    const tab = startUpPage();
    const hydrated = tab.root.appendChild(new StandInElement('button'));
    hydrated[`${reactPropsKeyPrefix}x1y2`] = { onClick: () => undefined };
    const link = tab.root.appendChild(new StandInElement('a', { href: '/jobs' }));
    const outside = new StandInElement('button');
    new StandInElement('body').appendChild(outside);
    const plain = tab.root.appendChild(new StandInElement('button'));

    expect(tab.click(hydrated).held).toBe(false);
    expect(tab.click(link).held).toBe(false);
    expect(tab.click(outside).held).toBe(false);
    tab.window.__releasingClick = true;
    expect(tab.click(plain).held).toBe(false);
    expect(tab.window.__heldClick).toBeUndefined();
    expect(tab.loaded()).toEqual([]);
  });

  it('hands a tap held once the app runs to the app (window.__replayHeldClick) instead of starting it again', () => {
    const tab = startUpPage();
    const replay = vi.fn();
    tab.window.__replayHeldClick = replay;
    const button = tab.root.appendChild(new StandInElement('button'));
    expect(tab.click(button).held).toBe(true);
    expect(tab.window.__heldClick).toBe(button);
    expect(replay).toHaveBeenCalledTimes(1);
    expect(tab.loaded()).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------- the signed-in shells

const views = (markup: string) => ({ mobile: markup, expanded: markup, collapsed: markup });

describe('shellMarkup', () => {
  it("turns the stand-in student's texts into slots and drops ids, test ids and labels naming the student", () => {
    const markup = shellMarkup(
      `<svg><linearGradient id="logo-gradient"></linearGradient><path fill="url(#logo-gradient)"></path></svg>` +
        `<h1 data-testid="dashboard-greeting" id="greeting">Welcome back, ${signedInShellMarkers.name}</h1>` +
        `<button aria-label="Account of ${signedInShellMarkers.name}" aria-controls="menu"><span>${signedInShellMarkers.initials}</span></button>` +
        `<p>${signedInShellMarkers.email}</p><label for="search">Search</label>`,
    );
    expect(markup).toBe(
      `<svg><linearGradient id="logo-gradient"></linearGradient><path fill="url(#logo-gradient)"></path></svg>` +
        `<h1>Welcome back, <span data-shell-fill="greeting"></span></h1>` +
        `<button><span><span data-shell-fill="initials"></span></span></button>` +
        `<p><span data-shell-fill="email"></span></p><label>Search</label>`,
    );
  });

  it('stops the build when a stand-in text is left where no slot can go', () => {
    expect(() => shellMarkup(`<img src="/a.png" data-name="${signedInShellMarkers.name}">`)).toThrow(
      'prerender: a stand-in text of the signed-in shell was left unfilled',
    );
  });
});

describe('composeSignedInShell', () => {
  const shellPage = { views: views('<h1>Dashboard</h1>'), head: '<title>Dashboard</title>', styles: '' };

  it('puts the gate script first in <head>, the views in an inert #signed-in-shell, and an empty #root after', () => {
    const html = composeSignedInShell(builtShell(), 'fr', shellPage, [preloads[0]!, '/assets/dashboard-page-Z9.js']);
    const { one, byTag } = parsed(html);
    expect(attribute(one('html'), 'lang')).toBe('fr');
    expect(attribute(one('html'), 'data-signed-in-shell')).toBe('');
    expect(one('head').childNodes.find((child) => 'tagName' in child)).toBe(byTag('script')[0]);
    const shell = byTag('div').find((div) => attribute(div, 'id') === 'signed-in-shell')!;
    expect(attribute(shell, 'inert')).toBe('');
    expect(shell.childNodes.map((view) => attribute(view as Element, 'data-shell-view'))).toEqual([
      'mobile',
      'expanded',
      'collapsed',
    ]);
    const root = byTag('div').find((div) => attribute(div, 'id') === 'root')!;
    expect(root.childNodes).toEqual([]);
    // The page's own chunks are preloaded with the app's, each once.
    const start = textOf(byTag('script')[1]!);
    expect(start).toContain(JSON.stringify([...preloads, '/assets/dashboard-page-Z9.js']));
  });

  /** Runs the shell's gate script for a visit to `url` with this browser's storage and cookies. */
  function gate(url: string, { hint, cookie = '' }: { hint: boolean; cookie?: string }) {
    const html = composeSignedInShell(builtShell(), 'en', shellPage);
    const source = textOf(parsed(html).byTag('script')[0]!);
    const attributes = new Map<string, string>();
    const replaced: string[] = [];
    const documentElement = {
      style: { display: '' },
      setAttribute: (name: string, value: string) => attributes.set(name, value),
    };
    const { pathname, search } = new URL(url, 'https://campusjobs.example');
    runInContext(
      source,
      createContext({
        document: { documentElement, cookie },
        localStorage: { getItem: (key: string) => (key === signedInHintKey && hint ? '1' : null) },
        location: { pathname, search, replace: (to: string) => replaced.push(to) },
      }),
    );
    return { attributes: Object.fromEntries(attributes), display: documentElement.style.display, replaced };
  }

  it('sends a browser that never had a student signed in to the sign-in page, with the way back', () => {
    expect(gate('/jobs?q=data&sort=updated', { hint: false })).toEqual({
      attributes: {},
      display: 'none',
      replaced: [`/sign-in?redirectUrl=${encodeURIComponent('/jobs?q=data&sort=updated')}`],
    });
  });

  it('keeps a returning student on the shell, hidden until filled, with the sidebar as they left it', () => {
    expect(gate('/dashboard', { hint: true })).toEqual({
      attributes: { 'data-shell-filling': '' },
      display: '',
      replaced: [],
    });
    expect(gate('/dashboard', { hint: true, cookie: `theme=dark; ${sidebarCookieName}=false` }).attributes).toEqual({
      'data-shell-filling': '',
      'data-shell-sidebar': 'collapsed',
    });
  });
});

describe('chunksFor', () => {
  const root = '/repo/src/client';
  const graph = new Map(
    [
      { file: 'assets/index.js', imports: ['assets/react.js'], moduleId: '/repo/src/client/main.tsx' },
      {
        file: 'assets/layout.js',
        imports: ['assets/react.js', 'assets/ui.js'],
        moduleId: '/repo/src/client/layout.tsx',
      },
      { file: 'assets/page.js', imports: ['assets/ui.js'], moduleId: '/repo/src/client/page.tsx' },
      { file: 'assets/ui.js', imports: ['assets/react.js'], moduleId: null },
      { file: 'assets/react.js', imports: [], moduleId: null },
    ].map((chunk) => [chunk.file, chunk]),
  );

  it("lists a route's chunks and everything they import, each once", () => {
    expect(chunksFor(graph, ['src/client/layout.tsx', 'src/client/page.tsx'], root)).toEqual([
      '/assets/layout.js',
      '/assets/react.js',
      '/assets/ui.js',
      '/assets/page.js',
    ]);
  });

  it('stops the build for a module that is not in it (a renamed route)', () => {
    expect(() => chunksFor(graph, ['src/client/gone.tsx'], root)).toThrow(
      'prerender: no chunk for src/client/gone.tsx; update shellRouteModules',
    );
  });
});
