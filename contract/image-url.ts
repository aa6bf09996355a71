/**
 * The one rule for a prompt image's address (docs/spec.md#prompt-fields): only the last segment of `image_path` is
 * used. The server answers it as `image_url`; the browser applies it to rows it kept offline.
 */
export const PROMPT_IMAGE_BASE = '/api/prompt/image/';

export function promptImageUrl(imagePath: string | null | undefined): string | undefined {
  const name = imagePath?.split(/[\\/]/).pop();
  return name ? PROMPT_IMAGE_BASE + encodeURIComponent(name) : undefined;
}
