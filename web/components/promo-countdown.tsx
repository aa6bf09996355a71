import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { twoDigits } from '../format';
import { readPromoEnd, splitSeconds } from './promo-end';

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Seconds left until the stored promo end; null until mounted so server and client HTML agree. */
export function usePromoSeconds(): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const storage = safeStorage();
    let end = readPromoEnd(storage, Date.now());
    const update = (): void => {
      let left = Math.ceil((end - Date.now()) / 1000);
      if (left <= 0) {
        end = readPromoEnd(storage, Date.now());
        left = Math.ceil((end - Date.now()) / 1000);
      }
      setSeconds(left);
    };
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

export function PromoCountdown(): ReactElement {
  const seconds = usePromoSeconds();
  const parts = splitSeconds(seconds ?? 0);
  const units: Array<[string, number]> = [
    ['Jam', parts.hours],
    ['Menit', parts.minutes],
    ['Detik', parts.seconds],
  ];
  return (
    <div className="countdown" role="timer" aria-label="Sisa waktu promo">
      {units.map(([label, value]) => (
        <div className="countdown-unit" key={label}>
          <span className="countdown-value" data-unit={label.toLowerCase()}>
            {seconds === null ? '--' : twoDigits(value)}
          </span>
          <span className="countdown-label">{label}</span>
        </div>
      ))}
    </div>
  );
}
