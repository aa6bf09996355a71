import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Icon } from './icon';
import { Lightbox } from './lightbox';
import { ZoomableImage } from './zoomable-image';
import type { ZoomSource } from './zoomable-image';
import { storefront } from '../content/storefront';

/** The owner's screenshot from the catalogue (the shipped sample until one is uploaded). */
function earningsImage(): ZoomSource & { smallWebp: string } {
  const image = storefront().earnings_image;
  return {
    webp: image.webp_url,
    smallWebp: image.small_webp_url,
    png: image.png_url,
    width: image.width,
    height: image.height,
  };
}
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
  const image = earningsImage();
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [desktopFailed, setDesktopFailed] = useState(false);
  const [mobileSrc, setMobileSrc] = useState(image.smallWebp);
  const desktopRef = useRef<HTMLImageElement>(null);
  const mobileRef = useRef<HTMLImageElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setZoomed(false);
  }, []);
  useEffect(() => {
    if (failedEarly(desktopRef.current)) setDesktopFailed(true);
    if (failedEarly(mobileRef.current)) setMobileSrc(image.png);
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
              src={image.webp}
              srcSet={`${image.smallWebp} 640w, ${image.webp} 1280w`}
              sizes="(max-width: 899px) 100vw, 600px"
              alt={ALT}
              width={image.width}
              height={image.height}
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
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            onError={() => setMobileSrc(image.png)}
          />
        </span>
        {/* Hidden while the lightbox is open: through its backdrop it read as a second chip under the picture. */}
        {!open && (
          <span className="earnings-zoom">
            <Icon name="search" size={18} /> Klik untuk memperbesar
          </span>
        )}
      </button>
      {open && (
        <Lightbox label="Screenshot pendapatan AdSense" onClose={close} fill={zoomed}>
          <ZoomableImage source={image} alt={ALT} zoomed={zoomed} onZoomedChange={setZoomed} />
        </Lightbox>
      )}
    </>
  );
}
