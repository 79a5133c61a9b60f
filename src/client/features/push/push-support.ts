// Whether this browser can receive push notifications, and if not, what the student can do about it.

export type PushSupport =
  /** Service worker, Push API and notifications are all there. */
  | 'supported'
  /** iPhone or iPad in Safari's tab: push needs the app added to the Home Screen (iOS/iPadOS 16.4 or later). */
  | 'needs-home-screen'
  /** Nothing to do in this browser. */
  | 'unsupported';

export type BrowserTraits = {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  userAgent: string;
  /** The app runs from the Home Screen (display-mode: standalone, or navigator.standalone on iOS). */
  standalone: boolean;
  /** iPadOS presents itself as a Mac: a "Mac" with a touch screen is an iPad. */
  maxTouchPoints: number;
};

export function isAppleMobile({ userAgent, maxTouchPoints }: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>) {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupportOf(traits: BrowserTraits): PushSupport {
  if (traits.serviceWorker && traits.pushManager && traits.notification) return 'supported';
  // Safari on iOS exposes the Push API only to web apps opened from the Home Screen.
  if (isAppleMobile(traits) && !traits.standalone) return 'needs-home-screen';
  return 'unsupported';
}

/** This browser's traits. */
export function currentBrowserTraits(): BrowserTraits {
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: typeof window !== 'undefined' && 'PushManager' in window,
    notification: typeof window !== 'undefined' && 'Notification' in window,
    userAgent: navigator.userAgent,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  };
}
