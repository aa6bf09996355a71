/**
 * The image rules the server applies and the admin states: what may be uploaded, how large, what a
 * prompt's cover is made into, and how stored images are named. Plain values: the browser bundles them.
 */

/** An upload's largest size, in MB as the messages say it. */
export const MAX_IMAGE_MB = 10;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
/** The most pixels of a PNG or JPEG read (JPEG in bands, so a camera's photo fits). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * libwebp decodes whole pictures (~12 bytes a pixel with its copy out), so WEBP has a bound of its
 * own: WEBP pictures come from web pages and screen captures (a 4K screen is 8.3 megapixels);
 * cameras write JPEG, which is read in bands at any size up to MAX_IMAGE_PIXELS.
 */
export const MAX_WEBP_PIXELS = 12_000_000;

/** A pixel count as the messages say it: `40` (megapixels). */
export function megapixels(pixels: number): number {
  return pixels / 1_000_000;
}

/** The formats accepted, by type and by file extension. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** A prompt's image is covered to exactly this size (scaled, then centre-cropped). */
export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;

/** Folder under DATA_DIR; `image_path` is stored relative to DATA_DIR, e.g. `uploads/<name>.webp`. */
export const UPLOADS_FOLDER = 'uploads';
/**
 * Stored names are random, so a name is never reused and its content never changes: this many
 * random bytes as lowercase hex, then the extension.
 */
export const IMAGE_NAME_BYTES = 16;
/** The hex part of a stored name, as a pattern's source. */
export const IMAGE_NAME_STEM = `[a-f0-9]{${IMAGE_NAME_BYTES * 2}}`;

/** Stored names with one of `extensions`: only names we could have generated. */
export function imageNamePattern(extensions: readonly string[]): RegExp {
  return new RegExp(`^${IMAGE_NAME_STEM}\\.(${extensions.join('|')})$`);
}

/**
 * The one rule for a prompt image's address (docs/spec.md#prompt-fields): only the last segment of `image_path` is
 * used. The server answers it as `image_url`; the browser applies it to rows it kept offline.
 */
export const PROMPT_IMAGE_BASE = '/api/prompt/image/';

export function promptImageUrl(imagePath: string | null | undefined): string | undefined {
  const name = imagePath?.split(/[\\/]/).pop();
  return name ? PROMPT_IMAGE_BASE + encodeURIComponent(name) : undefined;
}
