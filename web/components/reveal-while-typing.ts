import { useEffect } from 'react';
import type { RefObject } from 'react';

/** Viewport pixels (getBoundingClientRect) of the field, the target and the visible area. */
export type RevealGeometry = {
  fieldTop: number;
  fieldBottom: number;
  targetBottom: number;
  /** Below the sticky header. */
  visibleTop: number;
  /** Above an on-screen keyboard, where the browser reports one through visualViewport. */
  visibleBottom: number;
};

const MARGIN = 12;

/**
 * How far to scroll down so that the target shows, never pushing the field under the header;
 * 0 when the target already shows or the field is out of view (the user is reading elsewhere).
 */
export function revealDelta(geometry: RevealGeometry): number {
  const { fieldTop, fieldBottom, targetBottom, visibleTop, visibleBottom } = geometry;
  if (fieldBottom <= visibleTop || fieldTop >= visibleBottom) return 0;
  const needed = targetBottom + MARGIN - visibleBottom;
  const allowed = fieldTop - visibleTop - MARGIN;
  return Math.max(0, Math.min(needed, allowed));
}

function visibleArea(): { top: number; bottom: number } {
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  const viewport = window.visualViewport;
  const top = viewport?.offsetTop ?? 0;
  return { top: Math.max(header, top), bottom: top + (viewport?.height ?? window.innerHeight) };
}

/**
 * While the user types into `fieldRef`, scrolls just enough for `findTarget()` (the first result)
 * to show under the field. Focus stays in the field; nothing moves when the field is not focused.
 */
export function useRevealWhileTyping(
  fieldRef: RefObject<HTMLElement | null>,
  findTarget: () => Element | null,
  query: string,
): void {
  useEffect(() => {
    const field = fieldRef.current;
    const target = findTarget();
    if (!field || !target || !query.trim() || document.activeElement !== field) return;
    const fieldBox = field.getBoundingClientRect();
    const area = visibleArea();
    const delta = revealDelta({
      fieldTop: fieldBox.top,
      fieldBottom: fieldBox.bottom,
      targetBottom: target.getBoundingClientRect().bottom,
      visibleTop: area.top,
      visibleBottom: area.bottom,
    });
    if (delta < 1) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: delta, behavior: smooth ? 'smooth' : 'auto' });
    // findTarget is a fresh closure each render; only a new query changes what is shown.
  }, [query]);
}
