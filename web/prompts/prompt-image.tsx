import { useState } from 'react';
import type { ReactElement } from 'react';

type Props = { src: string; alt: string; className: string };

/** A lazily loaded 1280x720 image that removes itself when it fails to load (SPEC §8). */
export function PromptImage({ src, alt, className }: Props): ReactElement | null {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={1280}
      height={720}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
