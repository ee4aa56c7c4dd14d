/**
 * The image rules of spec section 5 (banner and cover images), checked in the browser before sending; the server
 * checks them again with the same messages (internal/files).
 */
import type { MessageKey } from '../../i18n';

export const IMAGE_SUFFIXES = 'jpg,jpeg,png';
/** Images must be under this size (spec: 'under 2 MB'; 2 MB itself is refused). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MIN_WIDTH = 345;
export const IMAGE_MIN_HEIGHT = 150;

export interface ImageSize {
  width: number;
  height: number;
}

const suffixOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The first rule the image breaks (size unknown: only name and bytes are judged), or null. */
export function imageProblem(file: { name: string; size: number }, size?: ImageSize | null): MessageKey | null {
  if (!IMAGE_SUFFIXES.split(',').includes(suffixOf(file.name))) return 'upload.imageFormat';
  if (file.size >= IMAGE_MAX_BYTES) return 'upload.imageSize';
  if (size === null) return 'upload.imageFormat'; // the browser could not decode it
  if (size && (size.width < IMAGE_MIN_WIDTH || size.height < IMAGE_MIN_HEIGHT)) return 'upload.imagePixels';
  return null;
}

/** The pixel size of an image file, or null when the browser cannot decode it. */
export function readImageSize(file: Blob): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (size: ImageSize | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => done(null);
    img.src = url;
  });
}
