/**
 * Licence key hashes are stored as their 32 bytes (BLOB / bytea) and known everywhere else as
 * 64 hex digits. Plain Uint8Arrays, not Buffers: the journal encodes them by their bytes.
 */
export function hexToBytes(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
