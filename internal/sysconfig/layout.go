package sysconfig

import (
	"context"
	"encoding/json"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Layout is the portal's header and footer (/headerAndfooter_manager), kept as the portal.* parameters.
type Layout struct {
	Title       string `json:"title"`
	LogoURL     string `json:"logoUrl" doc:"a path of this site (CSP img-src 'self'), or empty"`
	HeaderLinks []Link `json:"headerLinks"`
	FooterLinks []Link `json:"footerLinks"`
	Copyright   string `json:"copyright"`
}

// OpenAPIName keeps the name the web knows the layout by.
func (Layout) OpenAPIName() string { return "PortalLayout" }

// Layout returns the live header and footer.
func (s *Store) Layout() Layout {
	return Layout{
		Title:       s.Text(KeyPortalTitle),
		LogoURL:     s.Text(KeyPortalLogo),
		HeaderLinks: s.links(KeyHeaderLinks),
		FooterLinks: s.links(KeyFooterLinks),
		Copyright:   s.Text(KeyCopyright),
	}
}

func (s *Store) links(key string) []Link {
	var out []Link
	if err := json.Unmarshal([]byte(s.Text(key)), &out); err != nil || out == nil {
		return []Link{}
	}
	return out
}

// LayoutForm is what the header-and-footer screen sends: each part as its parameter's raw value
// (the link lists as JSON).
type LayoutForm struct {
	Title, LogoURL, HeaderLinks, FooterLinks, Copyright string
}

// SaveLayout validates every part with its parameter's rules and stores them in one transaction,
// with one line in the business log.
func (s *Store) SaveLayout(ctx context.Context, f LayoutForm) (err error) {
	defer errs.Wrap(&err, "sysconfig: save layout")
	raw := map[string]string{KeyPortalTitle: f.Title, KeyPortalLogo: f.LogoURL, KeyHeaderLinks: f.HeaderLinks, KeyFooterLinks: f.FooterLinks, KeyCopyright: f.Copyright}
	values := map[string]string{}
	for _, key := range []string{KeyPortalTitle, KeyPortalLogo, KeyHeaderLinks, KeyFooterLinks, KeyCopyright} {
		d := builtinByKey[key]
		v, err := normalize(d, d.Name, raw[key])
		if err != nil {
			return err
		}
		values[key] = v
	}
	before := s.Layout()
	return s.write(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		for key, v := range values {
			if _, err := tx.Exec(ctx, `UPDATE sys_config SET config_value = ?, updated_at = ?, updated_by = ? WHERE config_key = ?`, v, now, who(ctx), key); err != nil {
				return err
			}
		}
		after := Layout{Title: values[KeyPortalTitle], LogoURL: values[KeyPortalLogo], Copyright: values[KeyCopyright]}
		_ = json.Unmarshal([]byte(values[KeyHeaderLinks]), &after.HeaderLinks)
		_ = json.Unmarshal([]byte(values[KeyFooterLinks]), &after.FooterLinks)
		return audit.Record(ctx, tx, audit.Change{Module: FunLayout, Action: audit.Update, TargetID: "portal", Target: httpx.Translate(httpx.LangZH, "layout.target"),
			Before: before, After: after})
	})
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"layout.target": {"门户页眉页脚", "Portal header and footer"},
	})
}
