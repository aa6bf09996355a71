import { useRef, useState } from 'react';
import { useBrowserLayoutEffect } from './use-browser-layout-effect';
import type { MouseEvent, ReactElement } from 'react';
import { Icon } from './icon';

export type ZoomSource = { webp: string; png: string; width: number; height: number };

/** Below this share of its own width the fitted image is worth a full-resolution view. */
const ZOOM_WORTH = 0.9;
/** The lightbox's padding on both sides (earnings.css `.lightbox`). */
const FRAME = 48;
/** Up to this width the close button sits in a row above the image and "Perbesar" in one below it (earnings.css). */
const PHONE_MAX_WIDTH = 767;
/** Those two rows: 44 px close button + 12 px gap, 16 px gap + 44 px button. */
const PHONE_CONTROL_ROWS = 116;

/** Width of the image fitted into the screen, as the lightbox's CSS lays it out (known before it loads). */
export function fittedWidth(source: ZoomSource, screen: { width: number; height: number }): number {
  const rows = screen.width <= PHONE_MAX_WIDTH ? PHONE_CONTROL_ROWS : 0;
  return Math.min(source.width, screen.width - FRAME, ((screen.height - FRAME - rows) * source.width) / source.height);
}

/** Where the zoomed image should sit: this point of the image (0..1) under this point of the screen. */
type Anchor = { imageX: number; imageY: number; screenX: number; screenY: number };
const TOP_LEFT: Anchor = { imageX: 0, imageY: 0, screenX: 0, screenY: 0 };

/** Scroll offsets that put the anchor's image point under its screen point. */
export function panTo(
  anchor: Anchor,
  image: { left: number; top: number; width: number; height: number },
): { left: number; top: number } {
  return {
    left: Math.max(0, Math.round(image.left + anchor.imageX * image.width - anchor.screenX)),
    top: Math.max(0, Math.round(image.top + anchor.imageY * image.height - anchor.screenY)),
  };
}

/**
 * An image fitted to the screen that a tap (or the "Perbesar" button) shows at full resolution
 * in a pane the user pans with a finger, the scroll wheel or the arrow keys; a tap zooms out.
 * Native scrolling keeps it smooth on cheap phones, and pinch-zoom stays available on top.
 */
export function ZoomableImage({
  source,
  alt,
  zoomed,
  onZoomedChange,
}: {
  source: ZoomSource;
  alt: string;
  zoomed: boolean;
  onZoomedChange: (zoomed: boolean) => void;
}): ReactElement {
  const paneRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const anchor = useRef<Anchor>(TOP_LEFT);
  // Set before the first paint so the dialog has its final size before the image arrives.
  const [fitWidth, setFitWidth] = useState(0);
  const worthZooming = fitWidth > 0 && fitWidth < source.width * ZOOM_WORTH;

  useBrowserLayoutEffect(() => {
    const pane = paneRef.current;
    const image = imageRef.current;
    if (!pane || !image) return;
    if (zoomed) {
      const offset = panTo(anchor.current, {
        left: image.offsetLeft,
        top: image.offsetTop,
        width: image.offsetWidth,
        height: image.offsetHeight,
      });
      pane.scrollTo(offset.left, offset.top);
      return;
    }
    const measure = (): void =>
      setFitWidth(Math.floor(fittedWidth(source, { width: window.innerWidth, height: window.innerHeight })));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [zoomed, source]);

  const onImageClick = (event: MouseEvent<HTMLImageElement>): void => {
    if (zoomed) return onZoomedChange(false);
    if (!worthZooming) return;
    const box = event.currentTarget.getBoundingClientRect();
    anchor.current = {
      imageX: (event.clientX - box.left) / box.width,
      imageY: (event.clientY - box.top) / box.height,
      screenX: event.clientX,
      screenY: event.clientY,
    };
    onZoomedChange(true);
  };
  const onButtonClick = (): void => {
    anchor.current = TOP_LEFT;
    onZoomedChange(!zoomed);
  };

  return (
    <>
      <div
        ref={paneRef}
        className={zoomed ? 'zoomable is-zoomed' : worthZooming ? 'zoomable can-zoom' : 'zoomable'}
        role={zoomed ? 'group' : undefined}
        aria-label={zoomed ? 'Gambar ukuran penuh, geser untuk melihat bagian lain' : undefined}
        tabIndex={zoomed ? 0 : undefined}
        onClick={(event) => zoomed && event.target === event.currentTarget && onZoomedChange(false)}
      >
        <picture>
          <source srcSet={source.webp} type="image/webp" />
          <img
            ref={imageRef}
            src={source.png}
            alt={alt}
            width={source.width}
            height={source.height}
            style={{ width: zoomed ? source.width : fitWidth || undefined }}
            onClick={onImageClick}
          />
        </picture>
      </div>
      {(worthZooming || zoomed) && (
        <button type="button" className="zoom-toggle" onClick={onButtonClick}>
          <Icon name="search" size={18} /> {zoomed ? 'Perkecil' : 'Perbesar'}
        </button>
      )}
    </>
  );
}
