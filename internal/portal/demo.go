package portal

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Demo banner images: 1125x468 (the spec's recommended size), a soft diagonal gradient with light circles,
// no text. Encoded once per process.
const (
	demoWidth  = 1125
	demoHeight = 468
)

var demoPalettes = [][3]color.RGBA{
	{{22, 119, 255, 255}, {54, 207, 201, 255}, {255, 255, 255, 255}}, // blue to teal
	{{19, 194, 194, 255}, {82, 196, 26, 255}, {255, 255, 255, 255}},  // teal to green
	{{114, 46, 209, 255}, {250, 140, 22, 255}, {255, 255, 255, 255}}, // purple to orange
}

var (
	demoOnce   sync.Once
	demoImages [][]byte
	demoErr    error
)

func demoPNGs() ([][]byte, error) {
	demoOnce.Do(func() {
		for i, pal := range demoPalettes {
			b, err := gradientPNG(pal, i)
			if err != nil {
				demoErr = err
				return
			}
			demoImages = append(demoImages, b)
		}
	})
	return demoImages, demoErr
}

func mix(a, b uint8, t float64) uint8 {
	return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t))
}

// gradientPNG draws a diagonal gradient from pal[0] to pal[1] with three translucent circles of pal[2].
func gradientPNG(pal [3]color.RGBA, seed int) ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, demoWidth, demoHeight))
	circles := [][3]float64{ // x, y, radius
		{0.78 - 0.1*float64(seed), 0.3, 190}, {0.92, 0.85, 140}, {0.62 + 0.05*float64(seed), 1.05, 240},
	}
	for y := 0; y < demoHeight; y++ {
		for x := 0; x < demoWidth; x++ {
			t := (float64(x)/demoWidth*0.7 + float64(y)/demoHeight*0.3)
			r, g, b := mix(pal[0].R, pal[1].R, t), mix(pal[0].G, pal[1].G, t), mix(pal[0].B, pal[1].B, t)
			light := 0.0
			for _, c := range circles {
				dx, dy := float64(x)-c[0]*demoWidth, float64(y)-c[1]*demoHeight
				if d := math.Sqrt(dx*dx + dy*dy); d < c[2] {
					light += 0.12 * (1 - d/c[2]*0.5)
				}
			}
			if light > 0.35 {
				light = 0.35
			}
			img.SetNRGBA(x, y, color.NRGBA{mix(r, pal[2].R, light), mix(g, pal[2].G, light), mix(b, pal[2].B, light), 255})
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DemoLink is a quick link of the demo data.
type DemoLink struct {
	Title, URL, Icon string
	NewTab           int
}

// SeedDemo fills an empty portal configuration with demo data entered by the account userID: the given quick
// links and, with banners, three banners (generated images stored as banner uploads and linked to them). Demo
// data leaves no business-log lines.
func (s *Service) SeedDemo(ctx context.Context, userID int64, links []DemoLink, banners bool) (err error) {
	defer errs.Wrap(&err, "portal: seed demo %d", userID)
	var n int
	if err := s.db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM portal_banner) + (SELECT COUNT(*) FROM portal_link)`).Scan(&n); err != nil || n > 0 {
		return err
	}
	var demo []struct{ title, link string }
	if banners {
		demo = demoBanners
	}
	return s.seedDemo(ctx, userID, links, demo)
}

var demoBanners = []struct{ title, link string }{
	{"标书资料一站式检索", "/gatewaySearch"},
	{"企业证照与荣誉资质持续更新", "/gatewayDetail/enterprise"},
	{"专家人才库助力投标", "/gatewayDetail/expert"},
}

func (s *Service) seedDemo(ctx context.Context, userID int64, links []DemoLink, banners []struct{ title, link string }) error {
	var images [][]byte
	if len(banners) > 0 {
		var err error
		if images, err = demoPNGs(); err != nil {
			return err
		}
	}
	type saved struct {
		url    string
		fileID int64
	}
	var imgs []saved
	for i := range banners {
		url, err := s.files.SaveBanner(ctx, "banner-"+itoa(i+1)+".png", userID, bytes.NewReader(images[i%len(images)]))
		if err != nil {
			return err
		}
		id, err := s.files.BannerImage(ctx, s.db, url)
		if err != nil {
			return err
		}
		imgs = append(imgs, saved{url, id})
	}
	return s.write(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for i, b := range banners {
			id, err := insertBanner(ctx, tx, BannerForm{Title: b.title, ImageURL: imgs[i].url, LinkURL: b.link, Sort: i + 1, Enabled: 1}, userID, now)
			if err != nil {
				return err
			}
			if err := s.files.LinkBanner(ctx, tx, id, imgs[i].fileID); err != nil {
				return err
			}
		}
		for i, l := range links {
			if _, err := tx.Exec(ctx, `INSERT INTO portal_link (title, url, icon, sort, new_tab, created_by, created_at, updated_by, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, l.Title, l.URL, l.Icon, i+1, l.NewTab, userID, now, userID, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// DemoBanner is a banner another area's demo adds (the learning content's banners open a topic and a course).
type DemoBanner struct {
	Title, Link string
	Image       []byte // a PNG of the banner rules
	Sort        int
}

// SeedDemoBanners adds other areas' demo banners as SeedDemo adds its own: images stored as banner uploads and
// linked, entered by userID, no business-log lines.
func (s *Service) SeedDemoBanners(ctx context.Context, userID int64, banners []DemoBanner) (err error) {
	defer errs.Wrap(&err, "portal: seed demo banners %d", userID)
	type saved struct {
		url    string
		fileID int64
	}
	imgs := make([]saved, 0, len(banners))
	for i, b := range banners {
		url, err := s.files.SaveBanner(ctx, "banner-extra-"+itoa(i+1)+".png", userID, bytes.NewReader(b.Image))
		if err != nil {
			return err
		}
		id, err := s.files.BannerImage(ctx, s.db, url)
		if err != nil {
			return err
		}
		imgs = append(imgs, saved{url, id})
	}
	return s.write(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for i, b := range banners {
			id, err := insertBanner(ctx, tx, BannerForm{Title: b.Title, ImageURL: imgs[i].url, LinkURL: b.Link, Sort: b.Sort, Enabled: 1}, userID, now)
			if err != nil {
				return err
			}
			if err := s.files.LinkBanner(ctx, tx, id, imgs[i].fileID); err != nil {
				return err
			}
		}
		return nil
	})
}
