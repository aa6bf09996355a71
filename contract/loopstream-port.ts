/**
 * The port a LoopStream server listens on unless the admin gives another (docs/spec.md#server-address):
 * the server adds it to a stored address, the admin form says so. Plain value: the browser bundles it.
 */
export const LOOPSTREAM_PORT = 5000;
