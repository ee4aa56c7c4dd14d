package app

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"biddesk/internal/platform/httpx"
)

// spaHandler serves the built React app: hashed files under /assets/ are cached for a year,
// any other existing file briefly, and every client route falls back to index.html (never cached).
func spaHandler(dist fs.FS) http.Handler {
	index, _ := fs.ReadFile(dist, "index.html")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if f, err := dist.Open(name); err == nil {
				st, statErr := f.Stat()
				if statErr == nil && !st.IsDir() {
					if strings.HasPrefix(name, "assets/") {
						w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					} else {
						w.Header().Set("Cache-Control", "public, max-age=3600")
					}
					body := f.(io.ReadSeeker)
					// the build's gzip copy (web/scripts/precompress.mjs) to a browser that takes it
					if gz, err := dist.Open(name + ".gz"); err == nil {
						defer gz.Close()
						w.Header().Add("Vary", "Accept-Encoding")
						if httpx.AcceptsGzip(r.Header.Values("Accept-Encoding")) {
							w.Header().Set("Content-Encoding", "gzip")
							body = gz.(io.ReadSeeker)
						}
					}
					// the type of the file named, whichever of its copies goes out
					http.ServeContent(w, r, name, st.ModTime(), body)
					f.Close()
					return
				}
				f.Close()
			}
			// A missing asset is a 404, not the app: a stale hashed name must not get HTML.
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
		}
		if index == nil {
			http.Error(w, "the web app is not built: run `make build`", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}
