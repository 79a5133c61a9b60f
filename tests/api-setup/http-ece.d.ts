// Types for the http_ece package (Encrypted Content-Encoding for HTTP, RFC 8188), which ships none: the part the
// local push service uses to read what web-push sends.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export type EceParams = {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (the browser's p256dh). */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret?: string;
    dh?: string;
    salt?: string;
  };

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
