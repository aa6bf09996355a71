import { useState } from 'react';
import type { ReactElement } from 'react';
import { COVER_HEIGHT, COVER_WIDTH } from '../../contract/rules/images';

type Props = { src: string; alt: string; className: string; eager?: boolean };

/**
 * A prompt's cover image (COVER_WIDTH×COVER_HEIGHT) that removes itself when it fails to load (docs/spec.md#public-failures). Lazy unless `eager`: the
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
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
