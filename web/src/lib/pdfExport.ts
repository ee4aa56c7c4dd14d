/**
 * A screen saved as a PDF the way the spec fixes it (section 9: 'PDF export: A4, scale 2'): the element is drawn at
 * twice its CSS size (sharp when printed) and cut into A4 portrait pages. html2canvas-pro and jsPDF are large, so they
 * load with the first export, not with the screen.
 */

/** Spec section 9. */
export const PDF_FORMAT = 'a4';
export const PDF_SCALE = 2;

/** A4 in millimetres, and the margin kept around the picture. */
const PAGE = { width: 210, height: 297, margin: 10 };

/**
 * Where each page's slice of a picture `imageHeight` pixels high begins and how high it is, when the picture is
 * `pageHeight` pixels per page; the last slice holds what is left.
 */
export function pageSlices(imageHeight: number, pageHeight: number): { top: number; height: number }[] {
  const slices: { top: number; height: number }[] = [];
  const step = Math.max(1, Math.floor(pageHeight));
  for (let top = 0; top < imageHeight; top += step) slices.push({ top, height: Math.min(step, imageHeight - top) });
  return slices;
}

/**
 * Draws `element` (leaving out the elements `skip` matches: buttons, filters, pagers) and saves it as `fileName`.
 * Resolves once the browser has been given the file.
 */
export async function saveAsPdf(element: HTMLElement, fileName: string, skip = '.stats-noprint, .ant-pagination'): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas-pro'), import('jspdf')]);
  const canvas = await html2canvas(element, {
    scale: PDF_SCALE,
    backgroundColor: '#ffffff',
    logging: false,
    ignoreElements: (el) => el.matches(skip),
  });
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: PDF_FORMAT, compress: true });
  const width = PAGE.width - 2 * PAGE.margin;
  const pxPerMm = canvas.width / width;
  const slices = pageSlices(canvas.height, (PAGE.height - 2 * PAGE.margin) * pxPerMm);
  const part = document.createElement('canvas');
  part.width = canvas.width;
  slices.forEach((s, i) => {
    part.height = s.height;
    const ctx = part.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, part.width, part.height);
    ctx.drawImage(canvas, 0, s.top, canvas.width, s.height, 0, 0, canvas.width, s.height);
    if (i > 0) pdf.addPage(PDF_FORMAT, 'portrait');
    pdf.addImage(part.toDataURL('image/jpeg', 0.92), 'JPEG', PAGE.margin, PAGE.margin, width, s.height / pxPerMm);
  });
  pdf.save(fileName);
}
