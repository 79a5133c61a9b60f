import { z } from 'zod';

// Imported first by the entry: zod otherwise probes `new Function` (its faster object parser) when the first schema is
// made, and the page's Content-Security-Policy allows no eval, so every page load reported a violation. The
// interpreted parser is what the app ran under that policy anyway.
z.config({ jitless: true });
