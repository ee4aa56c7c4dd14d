package wordbook

import (
	"bytes"
	"image"
	"image/draw"
	"image/jpeg"
)

// A photo larger than this (bytes or pixels on its long side) is re-encoded smaller for a book.
const (
	shrinkOverBytes  = 512 << 10
	shrinkOverPixels = 1200
	shrinkToW        = 600
	shrinkToH        = 800
)

// Shrink returns a photo small enough for a book: one that is already small is kept as it is;
// a larger JPEG or PNG is scaled (area average) into 600x800 pixels, laid on white, and encoded
// as JPEG. Anything it cannot decode is returned unchanged (the book then shows no photo).
func Shrink(data []byte) []byte {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPhotoPixel ||
		(len(data) <= shrinkOverBytes && max(cfg.Width, cfg.Height) <= shrinkOverPixels) {
		return data
	}
	w, h := cfg.Width, cfg.Height
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return data
	}
	cx, cy := fitBox(w, h, shrinkToW*emuPerPixel, shrinkToH*emuPerPixel)
	dw, dh := max(1, int(cx/emuPerPixel)), max(1, int(cy/emuPerPixel))
	if dw >= w || dh >= h {
		dw, dh = w, h // never enlarge: only re-encode
	}
	dst := scale(src, dw, dh)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: 85}); err != nil {
		return data
	}
	return out.Bytes()
}

// scale is an area-average resample of src to dw x dh, laid on white.
func scale(src image.Image, dw, dh int) *image.RGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	// One conversion to premultiplied RGBA, then plain arithmetic on its bytes.
	rgba := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(rgba, rgba.Bounds(), src, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		y0, y1 := y*sh/dh, max((y+1)*sh/dh, y*sh/dh+1)
		for x := 0; x < dw; x++ {
			x0, x1 := x*sw/dw, max((x+1)*sw/dw, x*sw/dw+1)
			var r, g, bl int
			pix := rgba.Pix
			for sy := y0; sy < y1; sy++ {
				for i, end := sy*rgba.Stride+x0*4, sy*rgba.Stride+x1*4; i < end; i += 4 {
					white := 255 - int(pix[i+3]) // premultiplied: c + (1 - a) * white
					r += int(pix[i]) + white
					g += int(pix[i+1]) + white
					bl += int(pix[i+2]) + white
				}
			}
			n := (y1 - y0) * (x1 - x0)
			o := y*dst.Stride + x*4
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = uint8(r/n), uint8(g/n), uint8(bl/n), 0xff
		}
	}
	return dst
}
