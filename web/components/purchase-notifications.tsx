import { useEffect, useRef, useState } from 'react';
import { useBrowserLayoutEffect } from './use-browser-layout-effect';
import type { ReactElement } from 'react';
import { Icon } from './icon';
import { coversAny, relativeTimeText, secondsAgo, startPurchaseFeed } from './purchase-feed';
import type { PurchaseNotification } from './purchase-feed';

/** What a visitor may want to tap or read to buy: the cards step aside for these. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"]';

/**
 * Floating "someone just bought" cards; they start only after hydration. While they would cover a
 * link or a button (a call to action scrolled into the bottom band of a phone), they fade out.
 */
export function PurchaseNotifications(): ReactElement {
  const [items, setItems] = useState<PurchaseNotification[]>([]);
  const [now, setNow] = useState(0);
  const [yielding, setYielding] = useState(false);
  const feedRef = useRef<HTMLDivElement>(null);
  useEffect(() => startPurchaseFeed(setItems), []);
  useEffect(() => {
    if (items.length === 0) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [items.length]);
  // A layout effect, so a card that would cover a button is hidden before it is ever painted.
  useBrowserLayoutEffect(() => {
    const feed = feedRef.current;
    if (!feed || items.length === 0) return;
    let frame = 0;
    const check = (): void => {
      frame = 0;
      const controls = [...document.querySelectorAll(CONTROLS)].filter((element) => !feed.contains(element));
      setYielding(
        coversAny(
          feed.getBoundingClientRect(),
          controls.map((element) => element.getBoundingClientRect()),
        ),
      );
    };
    const schedule = (): void => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [items]);
  return (
    <div className={yielding ? 'purchase-feed is-yielding' : 'purchase-feed'} aria-live="off" ref={feedRef}>
      {items.map((item) => (
        <div className="purchase-toast" key={item.id} data-testid="purchase-toast">
          <span className="purchase-icon">
            <Icon name="check" size={18} />
          </span>
          <p>
            <strong>{item.name}</strong> dari {item.location} {item.action} <strong>{item.product}</strong>
            <small>{relativeTimeText(secondsAgo(item, Math.max(now, item.timestamp)))}</small>
          </p>
        </div>
      ))}
    </div>
  );
}
