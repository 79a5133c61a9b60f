import type { Locale } from '../../../shared/locale.ts';
import { escapeHtml } from '../../mail/mail-layout.ts';
import type { UnsubscribeTexts } from './unsubscribe-kind.ts';

// The page an unsubscribe link opens: plain server-rendered HTML (no script, works in any browser and signed out),
// under /api so the app's service worker never answers it with the app shell. A GET only shows: stopping takes a
// press of the button (a POST), because mail scanners and link previews open links on their own.

export type PageState =
  | {
      kind: 'link';
      step: 'confirm' | 'stopped' | 'resumed';
      names: string[];
      texts: UnsubscribeTexts;
      managePath: string;
    }
  | { kind: 'invalid' }
  | { kind: 'gone' };

const common = {
  en: {
    brand: 'Campus Jobs',
    invalidTitle: 'This link does not work',
    invalidBody: 'The unsubscribe link is not valid: it may have been cut or changed. Open it again from the e-mail.',
    goneTitle: 'Nothing to unsubscribe from',
    goneBody: 'What this link unsubscribes from no longer exists: it was deleted.',
    home: 'Go to Campus Jobs',
  },
  fr: {
    brand: 'Campus Jobs',
    invalidTitle: 'Ce lien ne fonctionne pas',
    invalidBody:
      'Ce lien de désabonnement n’est pas valide\u00a0: il a peut-être été coupé ou modifié. Rouvrez-le depuis le courriel.',
    goneTitle: 'Rien à désabonner',
    goneBody: 'Ce dont ce lien vous désabonne n’existe plus\u00a0: il a été supprimé.',
    home: 'Aller sur Campus Jobs',
  },
} as const;

// Brand orange #c2410c (white on it 5.2:1), text #1a202c / #4a5568 on white; 44 px targets; a visible focus ring.
const styles = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a202c;background:#f1f3f6}
header{background:#fff;border-bottom:1px solid #dde1e7;padding:0 1rem}
.brand{display:inline-flex;align-items:center;min-height:56px;font-weight:700;font-size:1.125rem;color:#1a202c;text-decoration:none}
main{max-width:36rem;margin:2.5rem auto;padding:2rem;background:#fff;border:1px solid #dde1e7;border-radius:8px}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 .75rem;color:#4a5568}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
form{margin:0}
.primary,.secondary{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem 1.25rem;border-radius:6px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.primary{background:#c2410c;border:1px solid #c2410c;color:#fff}
.primary:hover{background:#9a3412;border-color:#9a3412}
.secondary{background:#fff;border:1px solid #a0aab8;color:#1a202c}
.secondary:hover{background:#f7f8fa}
:focus-visible{outline:3px solid #1a202c;outline-offset:2px}
@media (max-width:600px){main{margin:1rem;padding:1.25rem}.actions{flex-direction:column}.primary,.secondary{width:100%}}
`;

function button(action: string, label: string): string {
  // The same field a one-click POST carries (RFC 8058), so the form and a mail provider make the same request.
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
    `<button class="primary" type="submit">${escapeHtml(label)}</button></form>`
  );
}

/** Where the page's buttons post: the link itself (stop) and its resume address. */
export type PageActions = { stop: string; resume: string };

export function unsubscribePage(locale: Locale, state: PageState, actions: PageActions): string {
  const t = common[locale];
  let title: string;
  let body: string;
  let buttons: string;
  if (state.kind !== 'link') {
    title = state.kind === 'invalid' ? t.invalidTitle : t.goneTitle;
    body = state.kind === 'invalid' ? t.invalidBody : t.goneBody;
    buttons = `<a class="secondary" href="/">${escapeHtml(t.home)}</a>`;
  } else {
    const k = state.texts;
    const manage = `<a class="secondary" href="${escapeHtml(state.managePath)}">${escapeHtml(k.manageLink)}</a>`;
    if (state.step === 'confirm') {
      title = k.confirmTitle(state.names);
      body = k.confirmBody(state.names);
      buttons = button(actions.stop, k.stopButton) + manage;
    } else if (state.step === 'stopped') {
      title = k.stoppedTitle;
      body = k.stoppedBody(state.names);
      buttons = button(actions.resume, k.resumeButton) + manage;
    } else {
      title = k.resumedTitle;
      body = k.resumedBody(state.names);
      buttons = button(actions.stop, k.stopButton) + manage;
    }
  }
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(`${title} · ${t.brand}`)}</title><style>${styles}</style></head>` +
    `<body><header><a class="brand" href="/">${t.brand}</a></header>` +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><div class="actions">${buttons}</div></main>` +
    '</body></html>'
  );
}
