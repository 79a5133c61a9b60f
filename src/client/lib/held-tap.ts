// A prerendered public page is plain HTML until the app has loaded and hydrated it (decision record 012). Its start-up
// script (scripts/vite-plugin-prerender.ts) holds a tap on a control that React does not handle yet; the app gives it
// to that control once React does, however long the page's code takes to arrive on a slow connection.

declare global {
  interface Window {
    /** Set by a prerendered page's start-up script: the latest tap on a control React does not handle yet. */
    __heldClick?: Element;
    /** Set by the app once it hydrates: the start-up script hands it every tap it holds from then on. */
    __replayHeldClick?: () => void;
    /** True while the app gives a held tap to its control, so the start-up script lets that click through. */
    __releasingClick?: boolean;
  }
}

/** React keeps each element's props under a key with this prefix, from the moment it renders or hydrates it. */
export const reactPropsKeyPrefix = '__reactProps$';

/** A held tap is given to its control by then even if React never takes it (the click then does what HTML does). */
const heldTapMaxWaitMs = 30_000;

const pollMs = 16;

function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith(reactPropsKeyPrefix));
}

function release(control: HTMLElement): void {
  window.__releasingClick = true;
  try {
    control.click();
  } finally {
    window.__releasingClick = false;
  }
}

let latestTap = 0;

/**
 * Gives the held tap to its control as soon as React handles that control. A newer tap replaces it; a control that
 * left the page drops it.
 */
export function replayHeldClick(): void {
  const held = window.__heldClick;
  window.__heldClick = undefined;
  if (!(held instanceof HTMLElement)) return;
  const tap = ++latestTap;
  const deadline = performance.now() + heldTapMaxWaitMs;
  const attempt = () => {
    if (tap !== latestTap || !held.isConnected) return;
    if (isHydrated(held) || performance.now() > deadline) release(held);
    else setTimeout(attempt, pollMs);
  };
  attempt();
}
