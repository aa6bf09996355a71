import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { Icon } from './icon';
import { relativeTimeText, secondsAgo, startPurchaseFeed } from './purchase-feed';
import type { PurchaseNotification } from './purchase-feed';

/** Floating "someone just bought" cards; they start only after hydration. */
export function PurchaseNotifications(): ReactElement {
  const [items, setItems] = useState<PurchaseNotification[]>([]);
  const [now, setNow] = useState(0);
  useEffect(() => startPurchaseFeed(setItems), []);
  useEffect(() => {
    if (items.length === 0) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [items.length]);
  return (
    <div className="purchase-feed" aria-live="off">
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
