import type { ReactElement } from 'react';

export const SKELETON_COUNT = 8;

/** The 8 placeholder cards shown while prompts load. */
export function PromptSkeletons(): ReactElement {
  return (
    <>
      <p className="visually-hidden" role="status">
        Memuat prompt…
      </p>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <div key={index} className="prompts-card prompts-skeleton" aria-hidden="true">
          <div className="prompts-skeleton__image" />
          <div className="prompts-card__body">
            <div className="prompts-skeleton__line prompts-skeleton__line--short" />
            <div className="prompts-skeleton__line" />
            <div className="prompts-skeleton__line" />
          </div>
        </div>
      ))}
    </>
  );
}
