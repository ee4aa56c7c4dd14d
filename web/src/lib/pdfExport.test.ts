import { describe, expect, it } from 'vitest';
import { PDF_FORMAT, PDF_SCALE, pageSlices } from './pdfExport';

describe('the PDF export', () => {
  it('is A4 at scale 2 (spec section 9)', () => {
    expect(PDF_FORMAT).toBe('a4');
    expect(PDF_SCALE).toBe(2);
  });
  it('cuts a picture into whole pages and a last part, losing and repeating nothing', () => {
    expect(pageSlices(2500, 1000)).toEqual([
      { top: 0, height: 1000 },
      { top: 1000, height: 1000 },
      { top: 2000, height: 500 },
    ]);
    expect(pageSlices(1000, 1000)).toEqual([{ top: 0, height: 1000 }]);
    expect(pageSlices(300, 1000.7)).toEqual([{ top: 0, height: 300 }]);
    expect(pageSlices(0, 1000)).toEqual([]);
  });
});
