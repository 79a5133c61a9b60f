// Emotion's style cache for the app in the browser (main.tsx); the build renders with one of the same key
// (prerender.tsx), so a prerendered page and the app give the same rules the same class names.
import createCache, { type EmotionCache } from '@emotion/cache';

export const styleCacheKey = 'css';

/**
 * The attribute a prerendered page's <style> tags carry instead of Emotion's own `data-emotion`, with the same value:
 * the cache key, then the names of the rules the tag holds.
 */
export const prerenderedCssAttribute = 'data-prerendered-css';

/**
 * A new cache that knows the rules the page's HTML already holds and never inserts them again.
 *
 * Emotion adopts a server-rendered <style data-emotion> by moving it to the end of <head>, and a moved <style> is a new
 * style sheet to the browser: it styled and laid out the whole page again, 100-130 ms on a throttled phone (decision
 * record 019). Under their own attribute the prerendered tags stay where they are; only their rule names are copied.
 * Rules inserted in the browser keep Emotion's vendor prefixes, as before; the class names do not depend on them.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: styleCacheKey });
  for (const style of document.querySelectorAll(`style[${prerenderedCssAttribute}]`)) {
    const [key, ...names] = (style.getAttribute(prerenderedCssAttribute) ?? '').split(' ');
    // Global styles ("css-global") belong to no cache: Chakra's stay in the page (appSystem in theme.ts).
    if (key !== styleCacheKey) continue;
    for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
