package wordbook

import "testing"

// BenchmarkShrink is one large camera photo (1800 x 2400 JPEG) made small for a book.
func BenchmarkShrink(b *testing.B) {
	photo := jpegPhoto(b, 1800, 2400)
	b.ReportAllocs()
	for b.Loop() {
		Shrink(photo)
	}
}
