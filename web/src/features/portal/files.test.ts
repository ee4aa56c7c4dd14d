import { describe, expect, it } from 'vitest';
import type { LibRecord } from '../../api/library';
import { inlineUrl, previewKind, recordFiles, suffixOf } from './files';

describe('portal files', () => {
  it('previews PDFs and the images the server serves inline, whatever the letter case', () => {
    expect(previewKind('营业执照.PDF')).toBe('pdf');
    expect(previewKind('a.jpeg')).toBe('image');
    expect(previewKind('scan.Png')).toBe('image');
    expect(previewKind('x.gif')).toBe('image');
    expect(previewKind('合同.docx')).toBeUndefined();
    expect(previewKind('image.webp')).toBeUndefined();
    expect(previewKind('pdf')).toBeUndefined();
    expect(suffixOf('archive.tar.gz')).toBe('gz');
  });

  it('the inline address carries the file, inline=1 and the ticket, never a token', () => {
    const url = inlineUrl('', 42, 'tk&1');
    expect(url).toBe('/api/sys/common/file/down?id=42&inline=1&ticket=tk%261');
    expect(url).not.toContain('AccessToken');
  });

  it('lists the files of every files field once, in the descriptor order', () => {
    const type = {
      fields: [
        { key: 'title', kind: 'text', label: 'Title' },
        { key: 'scan', kind: 'files', label: 'Scan' },
        { key: 'attachments', kind: 'files', label: 'Attachments' },
      ],
    } as never;
    const rec = {
      id: 1,
      title: 'x',
      scan: [{ id: 3, name: 'a.pdf', url: '' }],
      attachments: [{ id: 4, name: 'b.png', url: '' }, { id: 3, name: 'a.pdf', url: '' }],
    } as unknown as LibRecord;
    expect(recordFiles(type, rec).map((f) => [f.id, f.field])).toEqual([
      [3, 'Scan'],
      [4, 'Attachments'],
    ]);
    expect(recordFiles(undefined, rec)).toEqual([]);
  });
});
