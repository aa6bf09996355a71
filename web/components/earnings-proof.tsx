import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Icon } from './icon';
import { Lightbox } from './lightbox';
import { ZoomableImage } from './zoomable-image';

export const EARNINGS_IMAGE = {
  webp: '/images/adsense-earnings.webp',
  smallWebp: '/images/adsense-earnings-640.webp',
  png: '/images/adsense-earnings.png',
  width: 1280,
  height: 800,
};
const ALT = 'Tangkapan layar pendapatan AdSense dari channel yang dikelola dengan LoopBOT';

/** True when the image already failed before React could attach its error handler. */
function failedEarly(image: HTMLImageElement | null): boolean {
  return Boolean(image && image.complete && image.naturalWidth === 0 && image.currentSrc !== '');
}

/**
 * The AdSense screenshot: the desktop image hides behind a placeholder when it fails; the mobile
 * image falls back to the PNG. Either opens the lightbox, where a phone can zoom to full resolution.
 */
export function EarningsProof(): ReactElement {
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [desktopFailed, setDesktopFailed] = useState(false);
  const [mobileSrc, setMobileSrc] = useState(EARNINGS_IMAGE.smallWebp);
  const desktopRef = useRef<HTMLImageElement>(null);
  const mobileRef = useRef<HTMLImageElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setZoomed(false);
  }, []);
  useEffect(() => {
    if (failedEarly(desktopRef.current)) setDesktopFailed(true);
    if (failedEarly(mobileRef.current)) setMobileSrc(EARNINGS_IMAGE.png);
  }, []);
  return (
    <>
      <button type="button" className="earnings-shot" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="earnings-desktop">
          {desktopFailed ? (
            <span className="earnings-placeholder" data-testid="earnings-placeholder">
              <Icon name="chart" size={40} />
              Screenshot pendapatan belum dapat ditampilkan
            </span>
          ) : (
            <img
              ref={desktopRef}
              src={EARNINGS_IMAGE.webp}
              srcSet={`${EARNINGS_IMAGE.smallWebp} 640w, ${EARNINGS_IMAGE.webp} 1280w`}
              sizes="(max-width: 899px) 100vw, 600px"
              alt={ALT}
              width={EARNINGS_IMAGE.width}
              height={EARNINGS_IMAGE.height}
              loading="lazy"
              decoding="async"
              onError={() => setDesktopFailed(true)}
            />
          )}
        </span>
        <span className="earnings-mobile">
          <img
            ref={mobileRef}
            src={mobileSrc}
            alt={ALT}
            width={EARNINGS_IMAGE.width}
            height={EARNINGS_IMAGE.height}
            loading="lazy"
            decoding="async"
            onError={() => setMobileSrc(EARNINGS_IMAGE.png)}
          />
        </span>
        <span className="earnings-zoom">
          <Icon name="search" size={18} /> Klik untuk memperbesar
        </span>
      </button>
      {open && (
        <Lightbox label="Screenshot pendapatan AdSense" onClose={close} fill={zoomed}>
          <ZoomableImage source={EARNINGS_IMAGE} alt={ALT} zoomed={zoomed} onZoomedChange={setZoomed} />
        </Lightbox>
      )}
    </>
  );
}
