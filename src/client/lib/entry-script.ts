/**
 * The module script a page starts the app with: the built index.html names it in a <script type="module">, a
 * prerendered page in its start-up script. The service worker compares the two before keeping a signed-in shell.
 */
export function entryScriptOf(html: string): string | null {
  return (
    /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? /script\.src = "([^"]+)"/.exec(html)?.[1] ?? null
  );
}
