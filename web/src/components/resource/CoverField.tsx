import { useState } from 'react';
import FileUpload, { type FileItem } from '../upload/FileUpload';

interface Props {
  /** the image's public address */
  value?: string;
  onChange?: (url: string) => void;
  testId?: string;
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

/**
 * A cover image: the banner upload (jpg/png, under 2 MB, at least 345*150: spec section 5's rules and messages,
 * checked in the browser and again by the server). The form's value is the image's address.
 */
export default function CoverField({ value, onChange, testId = 'cover' }: Props) {
  const [items, setItems] = useState<FileItem[]>([]);
  const files: FileItem[] =
    items.length && items[0].url === value
      ? items
      : value
        ? [{ id: 0, uid: 'current', url: value, name: nameOf(value), size: 0, suffix: '' }]
        : [];
  return (
    <FileUpload
      variant="image"
      maxCount={1}
      value={files}
      onChange={(list) => {
        const last = list.at(-1);
        setItems(last ? [last] : []);
        onChange?.(last?.url ?? '');
      }}
      testId={testId}
    />
  );
}
