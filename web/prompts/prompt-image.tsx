import { useState } from 'react';
import type { ReactElement } from 'react';

type Props = { src: string; alt: string; className: string; eager?: boolean };

/**
 * A 1280x720 image that removes itself when it fails to load (docs/spec.md#public-failures). Lazy unless `eager`: the
 * first cards are in view at once, and a lazy image there delays the largest paint.
 */
export function PromptImage({ src, alt, className, eager = false }: Props): ReactElement | null {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={1280}
      height={720}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
