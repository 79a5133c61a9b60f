import { pushSubscriptionSchema } from '../../../shared/push/push-api.ts';
import { deletePushSubscription } from './api/delete-push-subscription.ts';
import { getPushPublicKey } from './api/get-push-public-key.ts';
import { savePushSubscription } from './api/save-push-subscription.ts';
import { currentBrowserTraits, type PushSupport, pushSupportOf } from './push-support.ts';

// This browser's push subscription: the browser's permission, its PushSubscription, and the server's copy of it.

export type PushState =
  | { status: 'unsupported' | 'needs-home-screen' }
  /** The student (or the browser's settings) refused notifications for this site. */
  | { status: 'denied' }
  /** Not asked yet, or allowed but this browser is not subscribed. */
  | { status: 'off' }
  | { status: 'on' };

function support(): PushSupport {
  return pushSupportOf(currentBrowserTraits());
}

/** The applicationServerKey pushManager.subscribe takes: the base64url key as bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The app's service worker (registered at start; absent in a development server without one). */
async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no service worker is registered')), 10_000);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, none]);
  } finally {
    clearTimeout(timer);
  }
}

/** What this browser can do and has done, without asking anything. */
export async function readPushState(): Promise<PushState> {
  const supported = support();
  if (supported !== 'supported') return { status: supported };
  if (Notification.permission === 'denied') return { status: 'denied' };
  if (Notification.permission !== 'granted') return { status: 'off' };
  const subscription = await (await registration()).pushManager.getSubscription();
  return { status: subscription ? 'on' : 'off' };
}

/** Sends the browser's subscription to the server (again: the server keeps one copy per browser). */
async function send(subscription: PushSubscription): Promise<void> {
  await savePushSubscription(pushSubscriptionSchema.parse(subscription.toJSON()));
}

/**
 * Turns push on for this browser: asks the permission (call it from the student's click: Safari requires a
 * gesture), subscribes with the server's key and hands the subscription to the server. Answers the state reached.
 * An answer of the server other than success is thrown (ApiError), leaving the browser unsubscribed.
 */
export async function turnPushOn(): Promise<PushState> {
  const supported = support();
  if (supported !== 'supported') return { status: supported };
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return { status: 'denied' };
  if (permission !== 'granted') return { status: 'off' };
  const { pushManager } = await registration();
  const applicationServerKey = keyBytes(await getPushPublicKey());
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    // Subscribed with another server key (the server's keys changed): that subscription can no longer be used.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    await send(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return { status: 'on' };
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** Turns push off for this browser: the server forgets it, then the browser drops the subscription. */
export async function turnPushOff(): Promise<PushState> {
  const supported = support();
  if (supported !== 'supported') return { status: supported };
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return readPushState();
}

/**
 * When this browser is subscribed, tells the server again (a renewed subscription, a server that lost it). Asks
 * nothing of the student.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (support() !== 'supported' || Notification.permission !== 'granted') return;
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) await send(subscription);
}

/**
 * On sign-out: this browser stops receiving the student's notifications (a shared computer must not show the next
 * person someone else's). The server forgets it while the session still holds a token, then the browser drops the
 * subscription, which also makes the push service refuse it (404/410, and the server deletes it) should the first
 * step have failed. Never throws and never holds the sign-out for more than a few seconds.
 */
export async function releasePushOnSignOut(): Promise<void> {
  try {
    if (support() !== 'supported') return;
    const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    if (!subscription) return;
    const fewSeconds = new Promise<void>((resolve) => setTimeout(resolve, 3_000));
    await Promise.race([deletePushSubscription(subscription.endpoint).catch(() => undefined), fewSeconds]);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('[push] could not release this browser on sign-out', error);
  }
}
