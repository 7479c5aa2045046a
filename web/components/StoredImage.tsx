import '@mantine/core/styles/Image.css';
import { Box, Image } from '@mantine/core';
import { IconPhoto, IconUser } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * An image of the image store (`/api/images/<id>/<size>`) drawn at a fixed size, so the page
 * never jumps while it loads; a quiet placeholder of the same size when there is none (or it
 * cannot be loaded). `alt` names what the picture shows, e.g. the person.
 */
export function StoredImage({
  src,
  alt,
  width,
  height,
  radius = 'sm',
  placeholder = 'picture',
  fluid = false,
}: {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
  /** `person` for profiles and officers, `picture` for everything else. */
  placeholder?: 'person' | 'picture';
  /**
   * Fill the container's width and keep the width:height shape (event cards and pages): the
   * space is still reserved before the image loads, on a phone as on a desktop.
   */
  fluid?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = fluid
    ? { w: '100%', h: 'auto', style: { aspectRatio: `${width} / ${height}` } }
    : { w: width, h: height, style: {} };
  if (src && failedSrc !== src) {
    return (
      <Image
        src={src}
        alt={alt}
        w={box.w}
        h={box.h}
        style={box.style}
        width={width}
        height={height}
        radius={radius}
        fit="cover"
        loading="lazy"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const Icon = placeholder === 'person' ? IconUser : IconPhoto;
  return (
    <Box
      role="img"
      aria-label={alt}
      w={box.w}
      h={box.h}
      bg="gray.1"
      c="gray.6"
      style={{
        ...box.style,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: `var(--mantine-radius-${typeof radius === 'number' ? 'sm' : radius})`,
        flexShrink: 0,
      }}
    >
      <Icon
        aria-hidden
        size={fluid ? 64 : Math.round(Math.min(width, height) * 0.5)}
        stroke={1.5}
      />
    </Box>
  );
}
