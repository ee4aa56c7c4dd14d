/** The rules of a question's pictures as the editor checks them before sending (the server checks them again). Pure (tested). */
import type { MessageKey } from '../../i18n';
import { IMAGE_MAX_BYTES, IMAGE_SUFFIXES } from '../../components/upload/imageRules';

/** At most this many pictures in a stem (internal/exam MaxImages); an option has one. */
export const MAX_STEM_PICTURES = 9;

/** The file chooser's filter: the picture rule's suffixes and types. */
export const PICTURE_ACCEPT = [...IMAGE_SUFFIXES.split(',').map((s) => `.${s}`), 'image/jpeg', 'image/png'].join(',');

const suffixOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The first rule a picture breaks, or null: jpg or png by name, under 2 MB (the image rule of the other image uploads,
 * with their messages), and (decodes given) an image the browser could read. No pixel minimum: a stem's figure may be
 * small.
 */
export function pictureProblem(file: { name: string; size: number }, decodes?: boolean): MessageKey | null {
  if (!IMAGE_SUFFIXES.split(',').includes(suffixOf(file.name))) return 'upload.imageFormat';
  if (file.size >= IMAGE_MAX_BYTES) return 'upload.imageSize';
  if (decodes === false) return 'upload.imageFormat';
  return null;
}

/** Of the files chosen, those that fit beside the pictures already there (max), and how many are left out. */
export function fitting<T>(chosen: readonly T[], have: number, max: number): { take: T[]; left: number } {
  const room = Math.max(0, max - have);
  return { take: chosen.slice(0, room), left: Math.max(0, chosen.length - room) };
}

/** An option is complete with a text or a picture (the server refuses one with neither). */
export const optionFilled = (o: { text?: string; image?: number } | undefined) => !!o && (!!o.text?.trim() || (o.image ?? 0) > 0);
