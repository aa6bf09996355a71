/**
 * Links customers click (the catalogue's checkout and contact links, the licence messages' links):
 * an http:// or https:// address with a host. Plain values: the admin's forms use them too.
 */
export const HTTP_ADDRESS = '^https?://[^\\s/?#]+[^\\s]*$';

const ADDRESS = new RegExp(HTTP_ADDRESS, 'i');

/** An http(s) address, its scheme in any case. */
export function isHttpAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** A setting whose key names a URL (`download_url`) holds a link that licence messages carry. */
export function isUrlKey(key: string): boolean {
  return key.includes('url');
}
