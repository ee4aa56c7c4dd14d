package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Addressing styles of an S3 endpoint.
const (
	// AddressAuto picks virtual-hosted addressing for the public clouds that want it (AWS, Aliyun OSS,
	// Tencent COS, Huawei OBS, Baidu BOS, Google) and path addressing for everything else (MinIO, a
	// gateway inside the company).
	AddressAuto = "auto"
	// AddressPath is endpoint/bucket/key.
	AddressPath = "path"
	// AddressVirtual is bucket.endpoint/key.
	AddressVirtual = "virtual"
)

// DefaultPartSize is the part size of a multipart upload: objects larger than it are sent in parts.
const DefaultPartSize = 16 << 20

// MinPartSize is the smallest part S3 accepts (except the last).
const MinPartSize = 5 << 20

// S3Config is the object store: an S3-compatible endpoint and a key pair allowed to put, get, copy and
// delete objects of the bucket.
type S3Config struct {
	Endpoint  string // http(s)://host[:port]
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string // default us-east-1
	// Addressing is AddressAuto (default), AddressPath or AddressVirtual.
	Addressing string
	// PartSize is the multipart part size (default DefaultPartSize, at least MinPartSize).
	PartSize int64
	// Retries is how many times a failed request is tried again (default 5; the client waits between
	// tries with an exponential backoff).
	Retries int
	// Transport replaces the HTTP transport (tests send virtual-hosted requests to a local server).
	Transport http.RoundTripper
}

// Configured tells whether an object store is set up.
func (c S3Config) Configured() bool { return c.Endpoint != "" && c.Bucket != "" }

// S3 is a Store in an S3-compatible object store (AWS S3, MinIO, Aliyun OSS, Tencent COS, ...), spoken to
// with the MinIO client: Signature Version 4, retries with backoff, multipart uploads of large objects,
// server-side copies and pre-signed downloads.
type S3 struct {
	client *minio.Client
	cfg    S3Config
	host   string
}

// virtualHosts are the endpoint domains that want virtual-hosted addressing (Tencent COS refuses path
// addressing for buckets created since 2024; Aliyun OSS addresses buckets as bucket.endpoint).
var virtualHosts = []string{".amazonaws.com", ".amazonaws.com.cn", ".aliyuncs.com", ".myqcloud.com", ".myhuaweicloud.com", ".bcebos.com", "storage.googleapis.com"}

// VirtualFor tells whether addressing auto picks virtual-hosted requests for host.
func VirtualFor(host string) bool {
	host = strings.ToLower(host)
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	for _, v := range virtualHosts {
		if strings.HasSuffix(host, v) || host == strings.TrimPrefix(v, ".") {
			return true
		}
	}
	return false
}

// NewS3 checks the configuration and returns the store; nothing is sent until the first call.
func NewS3(cfg S3Config) (*S3, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.User != nil || (u.Path != "" && u.Path != "/") {
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
	if cfg.PartSize == 0 {
		cfg.PartSize = DefaultPartSize
	}
	if cfg.PartSize < MinPartSize {
		return nil, fmt.Errorf("storage: the S3 part size must be at least %d MiB", MinPartSize>>20)
	}
	if cfg.Retries <= 0 {
		cfg.Retries = 5
	}
	lookup := minio.BucketLookupPath
	switch cfg.Addressing {
	case "", AddressAuto:
		if VirtualFor(u.Host) {
			lookup = minio.BucketLookupDNS
		}
	case AddressPath:
	case AddressVirtual:
		lookup = minio.BucketLookupDNS
	default:
		return nil, fmt.Errorf("storage: S3 addressing must be auto, path or virtual")
	}
	tr := cfg.Transport
	if tr == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.ResponseHeaderTimeout = time.Minute
		tr = t
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       cfg.Region,
		BucketLookup: lookup,
		Transport:    tr,
		MaxRetries:   cfg.Retries + 1, // MaxRetries counts the first try
	})
	if err != nil {
		return nil, fmt.Errorf("storage: S3 client: %w", err)
	}
	return &S3{client: client, cfg: cfg, host: u.Host}, nil
}

// Bucket is the store's bucket.
func (s *S3) Bucket() string { return s.cfg.Bucket }

// Put uploads the object: one PUT up to the part size, a multipart upload above it. A reader that can
// seek (the spooled upload) is sent again when a try fails. A failed multipart upload is aborted.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	// The body is sent as it is (no aws-chunked streaming signature, which several S3-compatible stores
	// decode badly in parts and which makes an empty object chunked): each request carries the MD5 of its
	// bytes, which the store checks.
	opts := minio.PutObjectOptions{ContentType: contentType, PartSize: uint64(s.cfg.PartSize), DisableContentSha256: true, SendContentMd5: true}
	info, err := s.client.PutObject(ctx, s.cfg.Bucket, key, r, size, opts)
	if err == nil && info.Size != size {
		err = ErrShort
		_ = s.client.RemoveObject(context.WithoutCancel(ctx), s.cfg.Bucket, key, minio.RemoveObjectOptions{})
	}
	if err != nil {
		if size > s.cfg.PartSize {
			bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			_ = s.client.RemoveIncompleteUpload(bg, s.cfg.Bucket, key)
		}
		return s.fail("put", key, err)
	}
	return nil
}

// Open downloads the object; the caller closes the body.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	if err := checkKey(key); err != nil {
		return nil, 0, err
	}
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, 0, s.fail("get", key, err)
	}
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, 0, s.fail("get", key, err)
	}
	return obj, info.Size, nil
}

// Delete removes the object (S3 answers success for a missing one too).
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.cfg.Bucket, key, minio.RemoveObjectOptions{}); err != nil {
		if notFound(err) || minio.ToErrorResponse(err).StatusCode == http.StatusNotFound {
			return nil // no object (nor bucket): nothing to delete
		}
		return s.fail("delete", key, err)
	}
	return nil
}

// Copy copies the object from to the key to inside the bucket without sending its bytes through
// BidDesk (a server-side copy).
func (s *S3) Copy(ctx context.Context, from, to string) error {
	if err := checkKey(from); err != nil {
		return err
	}
	if err := checkKey(to); err != nil {
		return err
	}
	_, err := s.client.CopyObject(ctx, minio.CopyDestOptions{Bucket: s.cfg.Bucket, Object: to},
		minio.CopySrcOptions{Bucket: s.cfg.Bucket, Object: from})
	if err != nil {
		return s.fail("copy", from, err)
	}
	return nil
}

// Stat returns the object's size; ErrNotFound when there is none.
func (s *S3) Stat(ctx context.Context, key string) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	info, err := s.client.StatObject(ctx, s.cfg.Bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return 0, s.fail("stat", key, err)
	}
	return info.Size, nil
}

// SignedURL is a pre-signed address that downloads the object for ttl, answered with the given
// Content-Disposition and Content-Type (a browser is sent there instead of through BidDesk).
func (s *S3) SignedURL(ctx context.Context, key, disposition, contentType string, ttl time.Duration) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	q := url.Values{}
	if disposition != "" {
		q.Set("response-content-disposition", disposition)
	}
	if contentType != "" {
		q.Set("response-content-type", contentType)
	}
	u, err := s.client.PresignedGetObject(ctx, s.cfg.Bucket, key, ttl, q)
	if err != nil {
		return "", s.fail("sign", key, err)
	}
	return u.String(), nil
}

// Check asks whether the bucket exists and the key pair may use it, for the start-up log and /readyz.
func (s *S3) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.cfg.Bucket)
	if err != nil {
		return fmt.Errorf("storage: reach %s: %w", s.host, err)
	}
	if !ok {
		return fmt.Errorf("storage: bucket %s: NoSuchBucket", s.cfg.Bucket)
	}
	return nil
}

func notFound(err error) bool {
	code := minio.ToErrorResponse(err).Code
	return code == "NoSuchKey" || code == "NotFound"
}

// fail names the failure by the store's error code (never a credential); a missing object is ErrNotFound.
func (s *S3) fail(op, key string, err error) error {
	if errors.Is(err, ErrShort) {
		return err
	}
	if notFound(err) {
		return ErrNotFound
	}
	if e := minio.ToErrorResponse(err); e.Code != "" {
		return fmt.Errorf("storage: %s %s: HTTP %d %s %s", op, key, e.StatusCode, e.Code, e.Message)
	}
	return fmt.Errorf("storage: %s %s: %w", op, key, err)
}

// Named objects: what BidDesk keeps in the bucket beside the files (the scheduled backups), under names BidDesk
// chooses (a prefix and a file name), never user text. A name is letters, digits and . _ - / in parts that are
// neither empty nor . or .. (no leading slash); the files' 32-digit keys live at the bucket's top level, so a
// prefix with a slash keeps the two apart.

var nameRe = regexp.MustCompile(`^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$`)

// ValidName tells whether name may name an object of BidDesk's own (PutNamed).
func ValidName(name string) bool {
	if len(name) > 512 || !nameRe.MatchString(name) {
		return false
	}
	for _, p := range strings.Split(name, "/") {
		if p == "." || p == ".." {
			return false
		}
	}
	return true
}

// PutNamed uploads an object of BidDesk's own (multipart above the part size, as Put).
func (s *S3) PutNamed(ctx context.Context, name string, r io.Reader, size int64) error {
	if !ValidName(name) {
		return ErrBadKey
	}
	opts := minio.PutObjectOptions{ContentType: "application/octet-stream", PartSize: uint64(s.cfg.PartSize), DisableContentSha256: true, SendContentMd5: true}
	info, err := s.client.PutObject(ctx, s.cfg.Bucket, name, r, size, opts)
	if err == nil && info.Size != size {
		err = ErrShort
		_ = s.client.RemoveObject(context.WithoutCancel(ctx), s.cfg.Bucket, name, minio.RemoveObjectOptions{})
	}
	if err != nil {
		if size > s.cfg.PartSize {
			bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			_ = s.client.RemoveIncompleteUpload(bg, s.cfg.Bucket, name)
		}
		return s.fail("put", name, err)
	}
	return nil
}

// OpenNamed downloads an object of BidDesk's own; ErrNotFound when there is none.
func (s *S3) OpenNamed(ctx context.Context, name string) (io.ReadCloser, int64, error) {
	if !ValidName(name) {
		return nil, 0, ErrBadKey
	}
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, 0, s.fail("get", name, err)
	}
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, 0, s.fail("get", name, err)
	}
	return obj, info.Size, nil
}

// ListNamed lists the names of the objects under prefix (all levels), sorted.
func (s *S3) ListNamed(ctx context.Context, prefix string) ([]string, error) {
	var names []string
	for o := range s.client.ListObjects(ctx, s.cfg.Bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			return nil, s.fail("list", prefix, o.Err)
		}
		names = append(names, o.Key)
	}
	sort.Strings(names)
	return names, nil
}

// DeleteNamed removes an object of BidDesk's own (a missing one is not an error).
func (s *S3) DeleteNamed(ctx context.Context, name string) error {
	if !ValidName(name) {
		return ErrBadKey
	}
	if err := s.client.RemoveObject(ctx, s.cfg.Bucket, name, minio.RemoveObjectOptions{}); err != nil && !notFound(err) {
		return s.fail("delete", name, err)
	}
	return nil
}
