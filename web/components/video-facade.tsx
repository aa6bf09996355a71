import { useState } from 'react';
import type { ReactElement } from 'react';
import { Icon } from './icon';

/**
 * The embed address of a catalogue video: an 11-character id, optionally with the start time the
 * owner's link named (`dQw4w9WgXcQ?start=65`, see api/storefront/storefront-input.ts).
 */
export function embedUrl(video: string): string {
  const [id = '', query = ''] = video.split('?');
  const start = /^start=(\d+)$/.exec(query)?.[1];
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1${start ? `&start=${start}` : ''}`;
}

/**
 * A local poster with a play button; YouTube's no-cookie player (and its scripts and cookies) loads
 * only after the visitor asks for it.
 */
export function VideoFacade({
  videoId,
  title,
  poster,
}: {
  videoId: string;
  title: string;
  poster: string;
}): ReactElement {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="video-frame" data-video-id={videoId.split('?')[0]}>
      {playing ? (
        <iframe
          src={embedUrl(videoId)}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <button type="button" className="video-poster" onClick={() => setPlaying(true)}>
          <img
            src={poster}
            srcSet={`${poster.replace(/\.webp$/, '-640.webp')} 640w, ${poster} 1280w`}
            sizes="(max-width: 840px) 100vw, 780px"
            alt=""
            width={1280}
            height={720}
            loading="lazy"
            decoding="async"
          />
          <span className="video-play">
            <Icon name="play" size={28} />
          </span>
          <span className="visually-hidden">Putar video: {title}</span>
        </button>
      )}
    </div>
  );
}
