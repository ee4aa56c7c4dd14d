import { describe, expect, it } from 'vitest';
import { fitting, optionFilled, PICTURE_ACCEPT, pictureProblem } from './pictures';

describe('question pictures', () => {
  it('takes jpg and png under 2 MB, by name, any case', () => {
    expect(pictureProblem({ name: 'fig.PNG', size: 1000 })).toBeNull();
    expect(pictureProblem({ name: 'a.jpeg', size: 2 * 1024 * 1024 - 1 })).toBeNull();
    expect(pictureProblem({ name: 'a.jpg', size: 10 }, true)).toBeNull();
  });
  it('refuses other formats, 2 MB and more, and what the browser cannot decode, with the upload messages', () => {
    expect(pictureProblem({ name: 'a.gif', size: 10 })).toBe('upload.imageFormat');
    expect(pictureProblem({ name: 'noext', size: 10 })).toBe('upload.imageFormat');
    expect(pictureProblem({ name: 'a.png', size: 2 * 1024 * 1024 })).toBe('upload.imageSize');
    expect(pictureProblem({ name: 'a.png', size: 10 }, false)).toBe('upload.imageFormat');
  });
  it('keeps the chosen files that fit and counts the rest', () => {
    expect(fitting(['a', 'b', 'c'], 7, 9)).toEqual({ take: ['a', 'b'], left: 1 });
    expect(fitting(['a'], 9, 9)).toEqual({ take: [], left: 1 });
    expect(fitting(['a'], 0, 1)).toEqual({ take: ['a'], left: 0 });
  });
  it('an option needs a text or a picture', () => {
    expect(optionFilled({ text: ' ', image: 0 })).toBe(false);
    expect(optionFilled({ text: '', image: 12 })).toBe(true);
    expect(optionFilled({ text: 'x' })).toBe(true);
    expect(optionFilled(undefined)).toBe(false);
  });
  it('the chooser offers the picture types only', () => {
    expect(PICTURE_ACCEPT).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
  });
});
