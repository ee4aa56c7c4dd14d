package app

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"biddesk/internal/content"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/portal"
)

// seedContentDemo writes the demo learning content (internal/content/demo.go), entered by 'admin': covers drawn
// here (banner uploads), a one-page PDF handout per offered course, pushes to the demo staff member's company and
// to him by name. Left out with the demo's files (the Go tests, which count files and pushes).
func (a *App) seedContentDemo(ctx context.Context) error {
	if a.Config.DemoWithoutFiles || a.content == nil {
		return nil
	}
	var adminID int64
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&adminID); err != nil {
		return fmt.Errorf("content demo: admin: %w", err)
	}
	n := len(content.DemoCourses) + len(content.DemoTopics)
	covers := make([]string, 0, n)
	for i := 0; i < n; i++ {
		img, err := coverPNG(i)
		if err != nil {
			return fmt.Errorf("content demo: cover %d: %w", i, err)
		}
		f, err := a.Files.SaveBanner(ctx, fmt.Sprintf("course-cover-%d.png", i+1), adminID, bytes.NewReader(img))
		if err != nil {
			return fmt.Errorf("content demo: cover %d: %w", i, err)
		}
		covers = append(covers, f.URL)
	}
	staff := org.DemoPeople[org.DemoStaffEmployee]
	employee, _ := org.DemoEmployee(org.DemoStaffEmployee)
	var units []string
	if len(staff.Unit) >= 6 {
		units = []string{staff.Unit[:6]} // the staff member's company
	}
	var types int
	if err := a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM course_type`).Scan(&types); err != nil || types > 0 {
		return err
	}
	err := a.content.SeedDemo(ctx, content.DemoInput{UserID: adminID, Covers: covers, Units: units, Employees: []string{employee},
		Handout: func(_ string, i int) []byte {
			return library.DemoPDF(fmt.Sprintf("BidDesk Learning - Handout %02d", i+1),
				"Course handout for the demo company", "1. Objectives  2. Key points  3. Cases  4. Exercises")
		}})
	if err != nil {
		return err
	}
	// banners that open a topic and a course, after the portal's own three
	links, err := a.content.DemoBannerLinks(ctx)
	if err != nil {
		return err
	}
	var banners []portal.DemoBanner
	for i, title := range []string{"新员工投标入门专题", "课程推荐：" + content.DemoCourses[2].Name} {
		if links[title] == "" {
			continue
		}
		img, err := coverPNGSized(len(covers)+i, 1125, 468)
		if err != nil {
			return err
		}
		banners = append(banners, portal.DemoBanner{Title: title, Link: links[title], Image: img, Sort: 4 + i})
	}
	return a.Portal.SeedDemoBanners(ctx, adminID, banners)
}

// coverPalettes are the covers' colours: a diagonal from the first to the second, bands of the third.
var coverPalettes = [][3]color.NRGBA{
	{{47, 107, 216, 255}, {54, 207, 201, 255}, {255, 255, 255, 255}},
	{{19, 160, 140, 255}, {120, 200, 80, 255}, {255, 255, 255, 255}},
	{{114, 46, 209, 255}, {47, 107, 216, 255}, {255, 255, 255, 255}},
	{{250, 140, 22, 255}, {245, 80, 60, 255}, {255, 255, 255, 255}},
	{{24, 80, 160, 255}, {114, 46, 209, 255}, {255, 255, 255, 255}},
	{{0, 150, 200, 255}, {19, 194, 120, 255}, {255, 255, 255, 255}},
}

// coverPNG draws a 690x288 cover (the banner proportions, above the 345x150 minimum): a diagonal gradient with
// translucent stripes whose angle and spacing vary with i, no text.
func coverPNG(i int) ([]byte, error) { return coverPNGSized(i, 690, 288) }

// coverPNGSized draws a cover of w x h (banners: 1125x468).
func coverPNGSized(i, w, h int) ([]byte, error) {
	pal := coverPalettes[i%len(coverPalettes)]
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	step := 36 + (i%4)*12
	slope := 1 + i%3
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := float64(x)/float64(w)*0.65 + float64(y)/float64(h)*0.35
			r := float64(pal[0].R) + (float64(pal[1].R)-float64(pal[0].R))*t
			g := float64(pal[0].G) + (float64(pal[1].G)-float64(pal[0].G))*t
			b := float64(pal[0].B) + (float64(pal[1].B)-float64(pal[0].B))*t
			if (x+y*slope)/step%3 == 0 && x > w/2 {
				r, g, b = r+(255-r)*0.12, g+(255-g)*0.12, b+(255-b)*0.12
			}
			o := y*img.Stride + x*4
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = uint8(r), uint8(g), uint8(b), 255
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
