import { useState } from 'react';

interface ThumbProps {
  src: string | undefined;
  width: number;
  height: number;
  className?: string;
  /** Thumbnails beside a caption are decoration: empty alt, the caption says it. */
  alt?: string;
}

/** An image that shows a neutral box when there is none or it fails (expired link, missing headers). */
export function Thumb({ src, width, height, className = 'thumb', alt = '' }: ThumbProps) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const style = { width, height };
  if (!src || failed === src) return <div className={`${className} thumb-placeholder`} style={style} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      style={style}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
}
