package wordbook

import (
	"bytes"
	"image"
	"image/color"
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
	_, w, h, ok := checkImage(data)
	if !ok || (len(data) <= shrinkOverBytes && max(w, h) <= shrinkOverPixels) {
		return data
	}
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
			var sum [3]int
			n := 0
			for sy := y0; sy < y1; sy++ {
				row := rgba.Pix[sy*rgba.Stride:]
				for sx := x0; sx < x1; sx++ {
					px := row[sx*4 : sx*4+4]
					white := 255 - int(px[3]) // premultiplied: c + (1 - a) * white
					sum[0] += int(px[0]) + white
					sum[1] += int(px[1]) + white
					sum[2] += int(px[2]) + white
					n++
				}
			}
			dst.SetRGBA(x, y, color.RGBA{R: uint8(sum[0] / n), G: uint8(sum[1] / n), B: uint8(sum[2] / n), A: 0xff})
		}
	}
	return dst
}
