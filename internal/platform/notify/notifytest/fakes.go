// Package notifytest has fake Aliyun and Tencent Cloud SMS endpoints for tests. They check the requests' signatures as
// the providers document them, written here from the documentation and not calling the senders' code, so that a
// sender that signs wrongly fails.
package notifytest

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// Request is what a fake accepted: the phone number, signature, template and its parameters (Aliyun: by name;
// Tencent: by position, "1", "2").
type Request struct {
	Phone, SignName, Template string
	Params                    map[string]string
}

// Aliyun is dysmsapi's SendSms: the RPC signature (HMAC-SHA1, version 1.0) over the form's parameters, the key
// "<AccessKeySecret>&"; the string to sign "POST&%2F&" + encode(canonicalized query), where encode is URL encoding
// with "+" as "%20", "*" as "%2A" and "%7E" as "~". Nonces are single use; the time stamp within 15 minutes.
type Aliyun struct {
	ID, Secret string
	mu         sync.Mutex
	answer     string // the Code to answer with after a good signature ("OK" when empty)
	nonces     map[string]bool
	got        []url.Values
	Sent       chan Request // every accepted request
}

// NewAliyun is a fake Aliyun SMS endpoint for the key pair (an httptest server, closed when the test ends).
func NewAliyun(t interface{ Cleanup(func()) }, id, secret string) (*Aliyun, *httptest.Server) {
	f := &Aliyun{ID: id, Secret: secret, nonces: map[string]bool{}, Sent: make(chan Request, 100)}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

// Answer makes the fake answer the code after a good signature ("": OK).
func (f *Aliyun) Answer(code string) { f.mu.Lock(); f.answer = code; f.mu.Unlock() }

// Last is the last accepted request's form.
func (f *Aliyun) Last() url.Values { f.mu.Lock(); defer f.mu.Unlock(); return f.got[len(f.got)-1] }

// AliyunDocEncode is the documented encoding: URL encoding, then "+" as "%20", "*" as "%2A" and "%7E" as "~".
func AliyunDocEncode(s string) string {
	e := url.QueryEscape(s)
	e = strings.ReplaceAll(e, "+", "%20")
	e = strings.ReplaceAll(e, "*", "%2A")
	return strings.ReplaceAll(e, "%7E", "~")
}

func (f *Aliyun) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	reply := func(status int, code string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]string{"Code": code, "Message": code, "RequestId": "F655A8D5-B967-440B-8683-DAD6FF8DE990", "BizId": "900619746936498440^0"})
	}
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		reply(400, "InvalidParameter")
		return
	}
	raw, _ := io.ReadAll(r.Body)
	form, err := url.ParseQuery(string(raw))
	if err != nil {
		reply(400, "InvalidParameter")
		return
	}
	sig := form.Get("Signature")
	form.Del("Signature")
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, AliyunDocEncode(k)+"="+AliyunDocEncode(form.Get(k)))
	}
	toSign := "POST&" + AliyunDocEncode("/") + "&" + AliyunDocEncode(strings.Join(parts, "&"))
	mac := hmac.New(sha1.New, []byte(f.Secret+"&"))
	mac.Write([]byte(toSign))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	ts, terr := time.Parse("2006-01-02T15:04:05Z", form.Get("Timestamp"))
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case form.Get("AccessKeyId") != f.ID:
		reply(404, "InvalidAccessKeyId.NotFound")
	case form.Get("SignatureMethod") != "HMAC-SHA1" || form.Get("SignatureVersion") != "1.0" || sig == "":
		reply(400, "IncompleteSignature")
	case !hmac.Equal([]byte(sig), []byte(want)):
		reply(400, "SignatureDoesNotMatch")
	case terr != nil || time.Since(ts).Abs() > 15*time.Minute:
		reply(400, "InvalidTimeStamp.Expired")
	case f.nonces[form.Get("SignatureNonce")] || form.Get("SignatureNonce") == "":
		reply(400, "SignatureNonceUsed")
	case form.Get("Action") != "SendSms" || form.Get("Version") != "2017-05-25" || form.Get("Format") != "JSON":
		reply(400, "InvalidParameter")
	default:
		f.nonces[form.Get("SignatureNonce")] = true
		f.got = append(f.got, form)
		var tp map[string]string
		_ = json.Unmarshal([]byte(form.Get("TemplateParam")), &tp)
		record(f.Sent, Request{Phone: form.Get("PhoneNumbers"), SignName: form.Get("SignName"), Template: form.Get("TemplateCode"), Params: tp})
		code := f.answer
		if code == "" {
			code = "OK"
		}
		reply(200, code)
	}
}

// Tencent is sms 2021-01-11's SendSms with API 3.0's TC3-HMAC-SHA256: the canonical request is method, URI "/",
// the query (empty), the signed headers as "name:value\n" (names and values lower-cased, trimmed), their names joined
// by ";", the lower-case hex SHA-256 of the body; the string to sign "TC3-HMAC-SHA256\n<timestamp>\n<date>/sms/
// tc3_request\n<hex sha256 of the canonical request>"; the key HMAC-SHA256 chained from "TC3"+SecretKey over the
// UTC date, the service and "tc3_request"; the signature lower-case hex.
type Tencent struct {
	ID, Key string
	mu      sync.Mutex
	answer  string // a SendStatus code to answer with ("Ok" when empty)
	got     []map[string]any
	Sent    chan Request // every accepted request
}

// NewTencent is a fake Tencent Cloud SMS endpoint for the key pair (an httptest server, closed when the test ends).
func NewTencent(t interface{ Cleanup(func()) }, id, key string) (*Tencent, *httptest.Server) {
	f := &Tencent{ID: id, Key: key, Sent: make(chan Request, 100)}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

// Answer makes the fake answer the SendStatus code after a good signature ("": Ok).
func (f *Tencent) Answer(code string) { f.mu.Lock(); f.answer = code; f.mu.Unlock() }

// Last is the last accepted request's JSON body.
func (f *Tencent) Last() map[string]any { f.mu.Lock(); defer f.mu.Unlock(); return f.got[len(f.got)-1] }

func (f *Tencent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	reply := func(v any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"Response": v})
	}
	fail := func(code string) {
		reply(map[string]any{"Error": map[string]string{"Code": code, "Message": code}, "RequestId": "6ea5ec34-8c0b-4f37-8c5e-4ae4a1a0fe2e"})
	}
	body, _ := io.ReadAll(r.Body)
	auth := r.Header.Get("Authorization")
	alg, rest, _ := strings.Cut(auth, " ")
	fields := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		fields[k] = v
	}
	cred := strings.Split(fields["Credential"], "/")
	ts := r.Header.Get("X-TC-Timestamp")
	var unix int64
	_, terr := fmt.Sscan(ts, &unix)
	if alg != "TC3-HMAC-SHA256" || len(cred) != 4 || cred[2] != "sms" || cred[3] != "tc3_request" || terr != nil {
		fail("AuthFailure.InvalidAuthorization")
		return
	}
	if cred[0] != f.ID {
		fail("AuthFailure.SecretIdNotFound")
		return
	}
	date := time.Unix(unix, 0).UTC().Format("2006-01-02")
	if cred[1] != date || time.Since(time.Unix(unix, 0)).Abs() > 5*time.Minute {
		fail("AuthFailure.SignatureExpire")
		return
	}
	signed := strings.Split(fields["SignedHeaders"], ";")
	if !slices.Contains(signed, "content-type") || !slices.Contains(signed, "host") {
		fail("AuthFailure.InvalidAuthorization")
		return
	}
	var headers strings.Builder
	for _, h := range signed {
		v := r.Header.Get(h)
		if h == "host" {
			v = r.Host
		}
		headers.WriteString(h + ":" + strings.ToLower(strings.TrimSpace(v)) + "\n")
	}
	bodySum := sha256.Sum256(body)
	canonical := r.Method + "\n/\n" + r.URL.RawQuery + "\n" + headers.String() + "\n" + fields["SignedHeaders"] + "\n" + hex.EncodeToString(bodySum[:])
	canonSum := sha256.Sum256([]byte(canonical))
	toSign := "TC3-HMAC-SHA256\n" + ts + "\n" + date + "/sms/tc3_request\n" + hex.EncodeToString(canonSum[:])
	h := func(key []byte, s string) []byte {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(s))
		return m.Sum(nil)
	}
	want := hex.EncodeToString(h(h(h(h([]byte("TC3"+f.Key), date), "sms"), "tc3_request"), toSign))
	if !hmac.Equal([]byte(fields["Signature"]), []byte(want)) {
		fail("AuthFailure.SignatureFailure")
		return
	}
	if r.Header.Get("X-TC-Action") != "SendSms" || r.Header.Get("X-TC-Version") != "2021-01-11" || r.Header.Get("X-TC-Region") == "" {
		fail("InvalidAction")
		return
	}
	var req map[string]any
	if json.Unmarshal(body, &req) != nil {
		fail("InvalidParameter")
		return
	}
	f.mu.Lock()
	f.got = append(f.got, req)
	code := f.answer
	f.mu.Unlock()
	var sent struct {
		PhoneNumberSet   []string
		SignName         string
		TemplateId       string
		TemplateParamSet []string
	}
	_ = json.Unmarshal(body, &sent)
	params := map[string]string{}
	for i, v := range sent.TemplateParamSet {
		params[fmt.Sprint(i+1)] = v
	}
	r0 := Request{SignName: sent.SignName, Template: sent.TemplateId, Params: params}
	if len(sent.PhoneNumberSet) > 0 {
		r0.Phone = sent.PhoneNumberSet[0]
	}
	record(f.Sent, r0)
	if code == "" {
		code = "Ok"
	}
	reply(map[string]any{"SendStatusSet": []map[string]any{{"SerialNo": "5000:1045710669157053657849499619", "PhoneNumber": "+8613800000000",
		"Fee": 1, "Code": code, "Message": code, "IsoCode": "CN"}}, "RequestId": "a0aabda6-cf91-4f3e-a81f-9198114a2279"})
}

// record hands a request over without ever blocking the fake (a test that does not read Sent loses nothing else).
func record(ch chan Request, r Request) {
	select {
	case ch <- r:
	default:
	}
}
