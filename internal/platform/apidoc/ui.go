package apidoc

import (
	"embed"
	"io"
	"io/fs"
	"net/http"
	"path"

	"biddesk/internal/platform/httpx"
)

// The browsable API reference at /api/docs: Swagger UI (from the npm package swagger-ui-dist, which the web build
// copies to web/dist/api-docs/: web/scripts/api-docs.mjs) started by a page and a script of ours (ui/), all served
// from the binary under the strict CSP of every page: the page has no inline script or style, Swagger UI reads
// /api/openapi.json and nothing else.
//
//go:embed ui
var uiFiles embed.FS

// UIVendorDir is where the web build puts Swagger UI's files inside web/dist.
const UIVendorDir = "api-docs"

// UIVendorFiles are the files of swagger-ui-dist the page loads.
var UIVendorFiles = []string{"swagger-ui-bundle.js", "swagger-ui.css"}

// UI serves GET /api/docs (the page) and GET /api/docs/{file} (its script and style sheets; dist is the built web
// app, holding Swagger UI's files in UIVendorDir). Anything else under /api/docs/ is the API's not-found answer.
func UI(dist fs.FS) http.Handler {
	own, _ := fs.Sub(uiFiles, "ui")
	vendor := map[string]bool{}
	for _, f := range UIVendorFiles {
		vendor[f] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Base(r.URL.Path)
		var src fs.FS
		switch {
		case r.URL.Path == "/api/docs":
			name, src = "index.html", own
			w.Header().Set("Cache-Control", "no-cache")
		case r.URL.Path == "/api/docs/"+name && (name == "init.js" || name == "page.css"):
			src = own
			w.Header().Set("Cache-Control", "no-cache")
		case r.URL.Path == "/api/docs/"+name && vendor[name]:
			src, name = dist, UIVendorDir+"/"+name
			w.Header().Set("Cache-Control", "public, max-age=3600")
		default:
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		f, err := src.Open(name)
		if err != nil {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		body, ok := f.(io.ReadSeeker)
		if err != nil || !ok {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		// the build's gzip copy to a browser that takes it (as for the app's own assets)
		if gz, err := src.Open(name + ".gz"); err == nil {
			defer gz.Close()
			w.Header().Add("Vary", "Accept-Encoding")
			if gzBody, ok := gz.(io.ReadSeeker); ok && httpx.AcceptsGzip(r.Header.Values("Accept-Encoding")) {
				w.Header().Set("Content-Encoding", "gzip")
				body = gzBody
			}
		}
		http.ServeContent(w, r, name, st.ModTime(), body)
	})
}
