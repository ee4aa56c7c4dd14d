package storage

import (
	"net/http"
	"testing"
	"time"
)

// The example of the S3 documentation ("Authenticating Requests: Using the Authorization Header",
// GET Object): same request, same key pair, same time, so the same signature.
func TestSigV4DocumentationExample(t *testing.T) {
	req, _ := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	req.Header.Set("Range", "bytes=0-9")
	at := time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC)
	sign(req, "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", "s3", emptySHA256, at)
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
		"Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Fatalf("Authorization\n got %s\nwant %s", got, want)
	}
}

func TestURIEncode(t *testing.T) {
	if got := uriEncode("a b/c~d_e.f-g+h=中"); got != "a%20b%2Fc~d_e.f-g%2Bh%3D%E4%B8%AD" {
		t.Fatal(got)
	}
	if got := canonicalURI("/bucket/a%20b"); got != "/bucket/a%20b" {
		t.Fatal(got)
	}
}
