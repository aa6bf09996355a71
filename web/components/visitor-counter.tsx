import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';

export const COUNTER_TARGET = 1000;
export const COUNTER_STEP = 50;
export const COUNTER_INTERVAL_MS = 50;

/** Counts 0 → 1000 in steps of 50 every 50 ms once mounted, then shows '1000+' (at once with reduced motion). */
export function useVisitorCount(): string {
  const [count, setCount] = useState(0);
  useEffect(() => {
    // Without motion the count-up is only a delay: show the final figure at once.
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setCount(COUNTER_TARGET);
      return;
    }
    const timer = setInterval(() => {
      setCount((value) => {
        const next = Math.min(value + COUNTER_STEP, COUNTER_TARGET);
        if (next >= COUNTER_TARGET) clearInterval(timer);
        return next;
      });
    }, COUNTER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return count >= COUNTER_TARGET ? `${COUNTER_TARGET}+` : String(count);
}

export function VisitorCounter(): ReactElement {
  const label = useVisitorCount();
  return (
    <p className="visitor-counter">
      <span className="visitor-number" data-testid="visitor-count">
        {label}
      </span>
      <span className="visitor-label">YouTuber sudah mempercayakan channel mereka pada kami</span>
    </p>
  );
}
