import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { uploadEarningsImage } from '../state/storefront';
import { store } from '../state/store';
import { StorefrontSection } from './storefront-section';
import { IMAGE_TYPES, MAX_IMAGE_MB } from '../../../contract/rules/images';

export const EARNINGS_FILE_ID = 'storefront-earnings-file';
const EARNINGS_HINT =
  `PNG, JPEG or WEBP up to ${MAX_IMAGE_MB} MB, portrait or landscape: kept whole, fitted within 1280 px, never ` +
  'cropped. It replaces the old one at once.';

/** An address for the chosen file while it is chosen: the preview shows the picture before any upload. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** The chosen file as the home page will show it: whole, fitted, never cropped. */
function NewPreview({ url }: { url: string }): ReactElement {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  return (
    <figure className="earnings-preview earnings-new">
      <img
        src={url}
        alt="Preview of the new screenshot"
        onLoad={(event) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
      />
      <figcaption className="muted">
        Not uploaded yet{size ? ` · ${size.width} × ${size.height} px` : ''}. The home page shows the whole picture.
      </figcaption>
    </figure>
  );
}

/** The home page's AdSense screenshot: what visitors see now, a preview of the chosen one, and its upload. */
export function StorefrontEarnings(): ReactElement | null {
  const { saved, uploadProgress } = useSnapshot(store.storefront);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const input = useRef<HTMLInputElement>(null);
  if (!saved) return null;
  const image = saved.earnings_image;

  async function upload(): Promise<void> {
    if (!file) return;
    if (await uploadEarningsImage(file)) {
      setFile(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <StorefrontSection name="earnings" title="Earnings screenshot">
      <div className="earnings-admin">
        <figure className="earnings-preview">
          <img
            src={image.small_webp_url}
            alt="The earnings screenshot the home page shows"
            width={image.width}
            height={image.height}
          />
          <figcaption className="muted">
            {image.placeholder ? 'The shipped sample: upload your own.' : 'Your screenshot, as the home page shows it.'}
          </figcaption>
        </figure>
        <div className="field">
          <label className="field-label" htmlFor={EARNINGS_FILE_ID}>
            New screenshot
          </label>
          <input
            ref={input}
            id={EARNINGS_FILE_ID}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={`${EARNINGS_FILE_ID}-hint`}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <span id={`${EARNINGS_FILE_ID}-hint`} className="field-hint">
            {EARNINGS_HINT}
          </span>
          {preview ? <NewPreview key={preview} url={preview} /> : null}
          {uploadProgress !== null ? <progress max={1} value={uploadProgress} aria-label="Upload progress" /> : null}
          <button
            type="button"
            className="button button-secondary"
            disabled={!file || uploadProgress !== null}
            onClick={() => void upload()}
          >
            Upload screenshot
          </button>
        </div>
      </div>
    </StorefrontSection>
  );
}
