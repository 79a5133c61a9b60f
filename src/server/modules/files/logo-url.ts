const logoPrefix = '/api/public/files/logos/';

/** The browser-loadable address of an organization logo stored under `key`. */
export function logoUrl(key: string): string {
  return logoPrefix + key.split('/').map(encodeURIComponent).join('/');
}
