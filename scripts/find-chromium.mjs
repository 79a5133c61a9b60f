// Where the browser tests find a browser: CHROMIUM_PATH, then Debian's chromium, then Chrome.
// Never a downloaded one (machines without internet cannot fetch it).
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
