import { defaultLocale, isLocale, type Locale } from '../../shared/locale.ts';

// The one layout of our e-mails: a message is described once as content (paragraphs, sections of linked items, a
// button, a footer saying why it came and how to stop it), and renderMail writes both parts from it, so the text and
// the HTML can never say different things. The HTML is deliberately plain: one centred column in layout tables with
// inline styles (what mail clients render alike), real headings and lists for screen readers, a `lang` attribute,
// text at least 4.5:1 against its background, and links written out as text in the plain part. Every link is
// absolute: app paths ('/jobs?q=x') are resolved against PUBLIC_URL; only http(s) links are kept.

export type MailLink = { label: string; url: string };

/** One linked entry of a section (a job): its title links to `url`; `lines` are shown under it. */
export type MailItem = { title: string; url: string; lines: string[] };

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A heading, its items, then optional links under them ("and 3 more", "see them on the board"). */
  | { kind: 'section'; heading: string; items: MailItem[]; links?: MailLink[] }
  | { kind: 'button'; link: MailLink };

export type MailContent = {
  locale: Locale;
  subject: string;
  /** The line mail clients show after the subject in the inbox (hidden in the HTML body). */
  preheader?: string;
  /** The page title (h1); default: the subject. */
  title?: string;
  blocks: MailBlock[];
  /** Why the recipient gets this e-mail, and the links that manage or stop it. */
  footer?: { reason: string; links: MailLink[] };
};

export type RenderedMail = { subject: string; text: string; html: string };

/** The language of an e-mail for a stored preference ('fr', 'fr-CA', null...): one of ours, English otherwise. */
export function mailLocaleOf(value: string | null | undefined): Locale {
  const language = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : defaultLocale;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** `url` made absolute against the app's address; null for anything but an http(s) link. */
export function absoluteUrl(url: string, appUrl: string): string | null {
  try {
    const resolved = new URL(url, `${appUrl.replace(/\/+$/, '')}/`);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.toString() : null;
  } catch {
    return null;
  }
}

const brandName = 'Campus Jobs';

// Colours: text #1a202c and #4a5568 on #ffffff / #f7f8fa, links and the button #c2410c, the brand's solid shade (all at least 4.5:1).
const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const styles = {
  body: `margin:0;padding:0;background:#f1f3f6;${font}`,
  outer: 'background:#f1f3f6;',
  outerCell: 'padding:24px 12px;',
  card: 'max-width:600px;width:100%;background:#ffffff;border:1px solid #dde1e7;border-radius:8px;',
  brand: `padding:18px 24px;border-bottom:1px solid #dde1e7;${font}font-size:18px;font-weight:700;line-height:1.3;`,
  brandLink: 'color:#1a202c;text-decoration:none;',
  content: `padding:8px 24px 24px;${font}font-size:16px;line-height:1.5;color:#1a202c;`,
  title: `margin:16px 0 8px;${font}font-size:22px;line-height:1.3;font-weight:700;color:#1a202c;`,
  paragraph: 'margin:12px 0;',
  heading: `margin:24px 0 4px;${font}font-size:18px;line-height:1.35;font-weight:700;color:#1a202c;`,
  list: 'list-style:none;margin:0;padding:0;',
  item: 'margin:0;padding:12px 0;border-bottom:1px solid #e8ebef;',
  itemLink: 'color:#c2410c;font-weight:700;text-decoration:underline;',
  itemLine: 'display:block;margin-top:2px;font-size:14px;line-height:1.45;color:#4a5568;',
  sectionLink: 'margin:12px 0 0;font-size:15px;',
  link: 'color:#c2410c;text-decoration:underline;',
  buttonWrap: 'margin:24px 0 8px;',
  button:
    'display:inline-block;padding:12px 20px;background:#c2410c;border-radius:6px;color:#ffffff;' +
    'font-weight:700;text-decoration:none;',
  footer: `padding:16px 24px 20px;border-top:1px solid #dde1e7;background:#f7f8fa;${font}font-size:13px;line-height:1.5;color:#4a5568;border-radius:0 0 8px 8px;`,
  footerLinks: 'margin:8px 0 0;',
  preheader:
    'display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;color:transparent;font-size:1px;line-height:1px;',
} as const;

function htmlLink(link: MailLink, appUrl: string, style: string = styles.link): string {
  const href = absoluteUrl(link.url, appUrl);
  if (href === null) return escapeHtml(link.label);
  return `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(link.label)}</a>`;
}

function htmlBlock(block: MailBlock, appUrl: string): string {
  switch (block.kind) {
    case 'paragraph':
      // A line break a person typed (a signature) stays one.
      return `<p style="${styles.paragraph}">${escapeHtml(block.text).replace(/\r?\n/g, '<br>')}</p>`;
    case 'button':
      return `<p style="${styles.buttonWrap}">${htmlLink(block.link, appUrl, styles.button)}</p>`;
    case 'section': {
      const items = block.items
        .map((item) => {
          const lines = item.lines.map((line) => `<span style="${styles.itemLine}">${escapeHtml(line)}</span>`);
          const title = htmlLink({ label: item.title, url: item.url }, appUrl, styles.itemLink);
          return `<li style="${styles.item}">${title}${lines.join('')}</li>`;
        })
        .join('');
      const links = (block.links ?? [])
        .map((link) => `<p style="${styles.sectionLink}">${htmlLink(link, appUrl)}</p>`)
        .join('');
      return (
        `<h2 style="${styles.heading}">${escapeHtml(block.heading)}</h2>` +
        (items ? `<ul style="${styles.list}">${items}</ul>` : '') +
        links
      );
    }
  }
}

// The address on its own line under its label: no punctuation to get wrong in either language, and mail clients
// make it a link whole.
function textLink(link: MailLink, appUrl: string): string {
  const href = absoluteUrl(link.url, appUrl);
  return href === null ? link.label : `${link.label}\n${href}`;
}

function textBlock(block: MailBlock, appUrl: string): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return textLink(block.link, appUrl);
    case 'section': {
      const lines = [block.heading, '-'.repeat(Math.min(block.heading.length, 60))];
      for (const item of block.items) {
        lines.push('', `* ${item.title}`, ...item.lines.map((line) => `  ${line}`));
        const href = absoluteUrl(item.url, appUrl);
        if (href !== null) lines.push(`  ${href}`);
      }
      if (block.links?.length) lines.push('', ...block.links.map((link) => textLink(link, appUrl)));
      return lines.join('\n');
    }
  }
}

/** The text and HTML parts of `content`, every link made absolute against `appUrl` (PUBLIC_URL). */
export function renderMail(content: MailContent, { appUrl }: { appUrl: string }): RenderedMail {
  const title = content.title ?? content.subject;
  const home = absoluteUrl('/', appUrl) ?? appUrl;

  const text = [
    title,
    '',
    content.blocks.map((block) => textBlock(block, appUrl)).join('\n\n'),
    ...(content.footer
      ? ['', '-- ', content.footer.reason, ...content.footer.links.map((link) => textLink(link, appUrl))]
      : []),
    '',
    `${brandName} - ${home}`,
    '',
  ].join('\n');

  const footer = content.footer
    ? `<tr><td style="${styles.footer}"><p style="margin:0;">${escapeHtml(content.footer.reason)}</p>` +
      `<p style="${styles.footerLinks}">${content.footer.links.map((link) => htmlLink(link, appUrl)).join(' &middot; ')}</p></td></tr>`
    : '';

  const html =
    `<!doctype html><html lang="${content.locale}" dir="ltr"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">' +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="${styles.body}">` +
    (content.preheader ? `<div style="${styles.preheader}">${escapeHtml(content.preheader)}</div>` : '') +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${styles.outer}"><tr>` +
    `<td align="center" style="${styles.outerCell}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${styles.card}">` +
    `<tr><td style="${styles.brand}"><a href="${escapeHtml(home)}" style="${styles.brandLink}">${brandName}</a></td></tr>` +
    `<tr><td style="${styles.content}"><h1 style="${styles.title}">${escapeHtml(title)}</h1>` +
    content.blocks.map((block) => htmlBlock(block, appUrl)).join('') +
    '</td></tr>' +
    footer +
    '</table></td></tr></table></body></html>';

  return { subject: content.subject, text, html };
}
