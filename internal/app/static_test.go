package app

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// A built script goes out as the build's gzip copy to a browser that accepts gzip, as it is to one that
// does not, always with the script's own type and a Vary header for the caches in between.
func TestBuiltFilesGoOutGzipped(t *testing.T) {
	script := bytes.Repeat([]byte("console.log('BidDesk');\n"), 200)
	var packed bytes.Buffer
	zw := gzip.NewWriter(&packed)
	zw.Write(script)
	zw.Close()
	h := spaHandler(fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html>")},
		"assets/app-1a2b.js":    {Data: script},
		"assets/app-1a2b.js.gz": {Data: packed.Bytes()},
		"assets/tiny-3c4d.js":   {Data: []byte("1")},
	})
	get := func(path string, accept ...string) *http.Response {
		req := httptest.NewRequest("GET", path, nil)
		for _, a := range accept {
			req.Header.Add("Accept-Encoding", a)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	for _, c := range []struct {
		accept  []string
		gzipped bool
	}{
		{nil, false}, {[]string{"gzip, deflate, br"}, true}, {[]string{"br", "GZip;q=0.5"}, true}, {[]string{"*"}, true},
		{[]string{"gzip;q=0"}, false}, {[]string{"gzip; q=0.000, identity"}, false}, {[]string{"deflate, br"}, false},
	} {
		resp := get("/assets/app-1a2b.js", c.accept...)
		body, _ := io.ReadAll(resp.Body)
		want := script
		if c.gzipped {
			want = packed.Bytes()
		}
		enc := resp.Header.Get("Content-Encoding")
		if resp.StatusCode != 200 || !bytes.Equal(body, want) || (enc == "gzip") != c.gzipped ||
			resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: HTTP %d, %d bytes, Content-Encoding %q, Content-Type %q, Vary %q", c.accept,
				resp.StatusCode, len(body), enc, resp.Header.Get("Content-Type"), resp.Header.Get("Vary"))
		}
	}
	// a file without a gzip copy goes out as it is
	if resp := get("/assets/tiny-3c4d.js", "gzip"); resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "" {
		t.Errorf("tiny file: Content-Encoding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
}
