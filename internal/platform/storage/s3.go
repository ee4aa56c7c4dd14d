package storage

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// S3Config is the object store: an S3-compatible endpoint addressed path-style
// (endpoint/bucket/key), with a key pair allowed to put, get and delete objects of the bucket.
type S3Config struct {
	Endpoint  string // http(s)://host[:port]
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string // default us-east-1
}

// Configured tells whether an object store is set up.
func (c S3Config) Configured() bool { return c.Endpoint != "" && c.Bucket != "" }

// S3 is a Store in an S3-compatible object store, spoken to with plain net/http and
// Signature Version 4 (sigv4.go).
type S3 struct {
	base   *url.URL
	cfg    S3Config
	client *http.Client
	now    func() time.Time
}

// NewS3 checks the configuration and returns the store; nothing is sent until the first call.
func NewS3(cfg S3Config) (*S3, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.User != nil {
		return nil, fmt.Errorf("storage: the S3 endpoint must be http(s)://host[:port]")
	}
	if cfg.Bucket == "" || strings.ContainsAny(cfg.Bucket, "/?#") {
		return nil, fmt.Errorf("storage: the S3 bucket name is missing or malformed")
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, fmt.Errorf("storage: the S3 access key and secret key are required")
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = time.Minute
	return &S3{base: u, cfg: cfg, client: &http.Client{Transport: tr}, now: time.Now}, nil
}

// objectURL is endpoint/bucket/key (path-style addressing).
func (s *S3) objectURL(key string) *url.URL {
	u := *s.base
	u.Path = strings.TrimRight(u.Path, "/") + "/" + s.cfg.Bucket
	if key != "" {
		u.Path += "/" + key
	}
	u.RawPath = ""
	return &u
}

// do signs and sends one request. payloadHash is the body's hex SHA-256 or unsignedPayload.
func (s *S3) do(ctx context.Context, method, key string, body io.Reader, size int64, header http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, s.objectURL(key).String(), body)
	if err != nil {
		return nil, err
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	payload := emptySHA256
	if body != nil {
		req.ContentLength = size
		payload = unsignedPayload
		if size == 0 {
			req.Body = http.NoBody
		}
	}
	sign(req, s.cfg.AccessKey, s.cfg.SecretKey, s.cfg.Region, "s3", payload, s.now())
	return s.client.Do(req)
}

// Put uploads the object with one PUT of exactly size bytes.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	resp, err := s.do(ctx, http.MethodPut, key, io.LimitReader(r, size), size, h)
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	defer drain(resp)
	if resp.StatusCode/100 != 2 {
		return s3Error("put", key, resp)
	}
	return nil
}

// Open downloads the object; the caller closes the body.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	if err := checkKey(key); err != nil {
		return nil, 0, err
	}
	resp, err := s.do(ctx, http.MethodGet, key, nil, 0, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("storage: get %s: %w", key, err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		drain(resp)
		return nil, 0, ErrNotFound
	case resp.StatusCode != http.StatusOK:
		defer drain(resp)
		return nil, 0, s3Error("get", key, resp)
	}
	return resp.Body, resp.ContentLength, nil
}

// Delete removes the object (S3 answers success for a missing one too).
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	resp, err := s.do(ctx, http.MethodDelete, key, nil, 0, nil)
	if err != nil {
		return fmt.Errorf("storage: delete %s: %w", key, err)
	}
	defer drain(resp)
	if resp.StatusCode/100 != 2 && resp.StatusCode != http.StatusNotFound {
		return s3Error("delete", key, resp)
	}
	return nil
}

// Check asks whether the bucket exists and the key pair may use it (HEAD bucket), for the start-up log.
func (s *S3) Check(ctx context.Context) error {
	resp, err := s.do(ctx, http.MethodHead, "", nil, 0, nil)
	if err != nil {
		return fmt.Errorf("storage: reach %s: %w", s.base.Host, err)
	}
	defer drain(resp)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("storage: bucket %s answered HTTP %d", s.cfg.Bucket, resp.StatusCode)
	}
	return nil
}

func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// s3Error names the failure from the store's XML error (its code, never a credential).
func s3Error(op, key string, resp *http.Response) error {
	var e struct {
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	}
	_ = xml.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&e)
	if e.Code == "" {
		e.Code = http.StatusText(resp.StatusCode)
	}
	return fmt.Errorf("storage: %s %s: HTTP %d %s %s", op, key, resp.StatusCode, e.Code, e.Message)
}
