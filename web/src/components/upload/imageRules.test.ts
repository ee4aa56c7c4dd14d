import { describe, expect, it } from 'vitest';
import { setLang, t } from '../../i18n';
import { IMAGE_MAX_BYTES, imageProblem } from './imageRules';

describe('imageProblem (spec section 5)', () => {
  it('takes jpg and png only, at most 2 MB, at least 345*150', () => {
    const ok = { name: 'banner.PNG', size: 1000 };
    expect(imageProblem(ok)).toBeNull();
    expect(imageProblem({ name: 'cover.jpeg', size: IMAGE_MAX_BYTES - 1 }, { width: 345, height: 150 })).toBeNull();
    expect(imageProblem({ name: 'cover.jpeg', size: IMAGE_MAX_BYTES }, { width: 345, height: 150 })).toBe('upload.imageSize');
    expect(imageProblem({ name: 'anim.gif', size: 10 })).toBe('upload.imageFormat');
    expect(imageProblem({ name: 'noSuffix', size: 10 })).toBe('upload.imageFormat');
    expect(imageProblem({ name: 'big.jpg', size: IMAGE_MAX_BYTES + 1 })).toBe('upload.imageSize');
    expect(imageProblem(ok, { width: 344, height: 150 })).toBe('upload.imagePixels');
    expect(imageProblem(ok, { width: 345, height: 149 })).toBe('upload.imagePixels');
    expect(imageProblem(ok, null)).toBe('upload.imageFormat');
  });

  it("words them as the spec does", () => {
    setLang('zh-CN');
    expect(t('upload.imageFormat')).toBe('格式仅支持jpg、png!');
    expect(t('upload.imageSize')).toBe('图片大小不能超过 2MB!');
    expect(t('upload.imagePixels')).toBe('上传的图片不能小于345*150像素!');
  });
});
