package notify

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"io"
	"math/big"
	"mime"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"testing"
	"time"
)

// testCert is a self-signed certificate for 127.0.0.1 and the pool that trusts it.
func testCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "smtp test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// smtpServer is an SMTP server written for the test (RFC 5321, 3207 and 4954, the parts a client uses): implicit TLS
// or STARTTLS, the AUTH mechanisms it is told to offer (PLAIN and LOGIN, decoded here by hand), one user. It offers AUTH
// only over TLS and refuses MAIL before a successful AUTH; each accepted message goes to got, with how it arrived.
type smtpServer struct {
	addr      string
	implicit  bool     // TLS from the first byte; otherwise STARTTLS offered
	noTLS     bool     // with implicit false: no STARTTLS offered either
	mechs     []string // offered AUTH mechanisms
	user, pwd string
	cfg       *tls.Config
	got       chan received
}

type received struct {
	mech   string // the mechanism the client authenticated with
	tls    bool   // the connection was encrypted when it authenticated
	from   string
	to     []string
	data   string
	failed string // what went wrong instead
}

// Modes of the test server.
const (
	srvImplicit = iota // TLS from the first byte
	srvSTARTTLS        // STARTTLS offered
	srvPlain           // no TLS at all
)

func newSMTPServer(t *testing.T, cert tls.Certificate, mode int, mechs ...string) *smtpServer {
	t.Helper()
	implicit := mode == srvImplicit
	s := &smtpServer{implicit: implicit, noTLS: mode == srvPlain, mechs: mechs, user: "biddesk@example.com", pwd: "s3cret-Pw",
		cfg: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, got: make(chan received, 4)}
	var ln net.Listener
	var err error
	if implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", s.cfg)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s.addr = ln.Addr().String()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *smtpServer) serve(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	encrypted := s.implicit
	tp := textproto.NewConn(conn)
	var r received
	authed := false
	fail := func(why string) {
		r.failed = why
		s.got <- r
	}
	_ = tp.PrintfLine("220 test.local ESMTP ready")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			lines := []string{"test.local greets you", "8BITMIME", "SMTPUTF8"}
			if !encrypted && !s.implicit && !s.noTLS {
				lines = append(lines, "STARTTLS")
			}
			if encrypted && len(s.mechs) > 0 {
				lines = append(lines, "AUTH "+strings.Join(s.mechs, " "))
			}
			for i, l := range lines {
				sep := "-"
				if i == len(lines)-1 {
					sep = " "
				}
				_ = tp.PrintfLine("250%s%s", sep, l)
			}
		case "STARTTLS":
			if encrypted || s.implicit || s.noTLS {
				_ = tp.PrintfLine("503 not now")
				continue
			}
			_ = tp.PrintfLine("220 go ahead")
			tc := tls.Server(conn, s.cfg)
			if err := tc.Handshake(); err != nil {
				fail("handshake: " + err.Error())
				return
			}
			conn, encrypted = tc, true
			tp = textproto.NewConn(conn)
		case "AUTH":
			mech, initial, _ := strings.Cut(arg, " ")
			mech = strings.ToUpper(mech)
			offered := false
			for _, m := range s.mechs {
				offered = offered || m == mech
			}
			if !encrypted || !offered {
				_ = tp.PrintfLine("504 mechanism not available")
				continue
			}
			var user, pwd string
			switch mech {
			case "PLAIN":
				if initial == "" {
					_ = tp.PrintfLine("334 ")
					if initial, err = tp.ReadLine(); err != nil {
						return
					}
				}
				raw, _ := base64.StdEncoding.DecodeString(initial)
				parts := strings.Split(string(raw), "\x00")
				if len(parts) == 3 {
					user, pwd = parts[1], parts[2]
				}
			case "LOGIN":
				ask := func(prompt string) string {
					_ = tp.PrintfLine("334 %s", base64.StdEncoding.EncodeToString([]byte(prompt)))
					l, _ := tp.ReadLine()
					v, _ := base64.StdEncoding.DecodeString(l)
					return string(v)
				}
				if initial != "" {
					v, _ := base64.StdEncoding.DecodeString(initial)
					user = string(v)
				} else {
					user = ask("Username:")
				}
				pwd = ask("Password:")
			}
			if user != s.user || pwd != s.pwd {
				_ = tp.PrintfLine("535 5.7.8 authentication credentials invalid")
				fail("bad credentials")
				continue
			}
			authed, r.mech, r.tls = true, mech, encrypted
			_ = tp.PrintfLine("235 2.7.0 authentication successful")
		case "MAIL":
			if len(s.mechs) > 0 && !authed {
				_ = tp.PrintfLine("530 5.7.0 authentication required")
				fail("MAIL before AUTH")
				continue
			}
			r.from = arg
			_ = tp.PrintfLine("250 ok")
		case "RCPT":
			r.to = append(r.to, arg)
			_ = tp.PrintfLine("250 ok")
		case "DATA":
			_ = tp.PrintfLine("354 end with <CRLF>.<CRLF>")
			b, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			r.data = string(b)
			_ = tp.PrintfLine("250 2.0.0 queued")
			s.got <- r
			r = received{mech: r.mech, tls: r.tls}
		case "RSET", "NOOP":
			_ = tp.PrintfLine("250 ok")
		case "QUIT":
			_ = tp.PrintfLine("221 bye")
			return
		default:
			_ = tp.PrintfLine("502 command not implemented")
		}
	}
}

func (s *smtpServer) next(t *testing.T) received {
	t.Helper()
	select {
	case r := <-s.got:
		return r
	case <-time.After(30 * time.Second): // a hang, not a speed limit
		t.Fatal("the SMTP server received nothing")
	}
	return received{}
}

// TestSMTPDeliversOverImplicitTLSAndSTARTTLS sends a code through go-mail to the test server over implicit TLS (port
// 465 style) and STARTTLS, with LOGIN, PLAIN and the automatic choice, and reads the message as a mail client would:
// Message-ID, Date, the UTF-8 subject and body.
func TestSMTPDeliversOverImplicitTLSAndSTARTTLS(t *testing.T) {
	cert, pool := testCert(t)
	const text = "【BidDesk】您的验证码为 482913，10 分钟内有效。Your code is 482913."
	const subject = "BidDesk 验证码 / verification code"
	cases := []struct {
		name     string
		mode     int
		offered  []string
		tlsMode  string
		auth     string
		wantMech string
	}{
		{"implicit TLS with LOGIN", srvImplicit, []string{"LOGIN"}, SMTPTLSImplicit, SMTPAuthLogin, "LOGIN"},
		{"implicit TLS with PLAIN", srvImplicit, []string{"PLAIN", "LOGIN"}, SMTPTLSImplicit, SMTPAuthPlain, "PLAIN"},
		{"STARTTLS with PLAIN", srvSTARTTLS, []string{"PLAIN"}, SMTPTLSStartTLS, SMTPAuthPlain, "PLAIN"},
		{"STARTTLS with LOGIN", srvSTARTTLS, []string{"PLAIN", "LOGIN"}, SMTPTLSStartTLS, SMTPAuthLogin, "LOGIN"},
		{"STARTTLS, auto picks what is offered", srvSTARTTLS, []string{"LOGIN"}, SMTPTLSAuto, SMTPAuthAuto, "LOGIN"},
		{"implicit TLS, auto prefers PLAIN to LOGIN", srvImplicit, []string{"LOGIN", "PLAIN"}, SMTPTLSImplicit, "", "PLAIN"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newSMTPServer(t, cert, tc.mode, tc.offered...)
			s := &SMTP{Addr: srv.addr, User: srv.user, Password: srv.pwd, From: "BidDesk 平台 <noreply@biddesk.example.com>",
				Subject: subject, Timeout: 20 * time.Second, TLS: tc.tlsMode, Auth: tc.auth, RootCAs: pool}
			if err := s.Send(context.Background(), Message{To: "张三 <zhangsan@example.com>", Text: text}); err != nil {
				t.Fatal(err)
			}
			r := srv.next(t)
			if r.failed != "" {
				t.Fatalf("server: %s", r.failed)
			}
			if r.mech != tc.wantMech || !r.tls {
				t.Fatalf("authenticated with %q, encrypted %v; want %s over TLS", r.mech, r.tls, tc.wantMech)
			}
			if !strings.Contains(r.from, "<noreply@biddesk.example.com>") || len(r.to) != 1 || !strings.Contains(r.to[0], "<zhangsan@example.com>") {
				t.Fatalf("envelope from %q to %q", r.from, r.to)
			}
			checkMessage(t, r.data, subject, text)
		})
	}
}

// checkMessage reads the message as a mail client would.
func checkMessage(t *testing.T, data, subject, text string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(data))
	if err != nil {
		t.Fatalf("not a message: %v\n%s", err, data)
	}
	h := msg.Header
	id := h.Get("Message-Id")
	if !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@biddesk.example.com>") || len(id) < 30 {
		t.Fatalf("Message-ID %q", id)
	}
	date, err := h.Date()
	if err != nil || time.Since(date) > time.Hour || time.Until(date) > time.Hour {
		t.Fatalf("Date %q: %v", h.Get("Date"), err)
	}
	if strings.ContainsFunc(h.Get("Subject"), func(r rune) bool { return r > 127 }) {
		t.Fatalf("the subject's header is not encoded: %q", h.Get("Subject"))
	}
	dec := new(mime.WordDecoder)
	subj, err := dec.DecodeHeader(h.Get("Subject"))
	if err != nil || subj != subject {
		t.Fatalf("Subject %q (%q): %v", subj, h.Get("Subject"), err)
	}
	from, err := h.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "BidDesk 平台" || from[0].Address != "noreply@biddesk.example.com" {
		t.Fatalf("From %q: %v", h.Get("From"), err)
	}
	to, err := h.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Address != "zhangsan@example.com" {
		t.Fatalf("To %q: %v", h.Get("To"), err)
	}
	ct, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || ct != "text/plain" || !strings.EqualFold(params["charset"], "utf-8") {
		t.Fatalf("Content-Type %q", h.Get("Content-Type"))
	}
	if !strings.EqualFold(h.Get("Content-Transfer-Encoding"), "base64") {
		t.Fatalf("Content-Transfer-Encoding %q", h.Get("Content-Transfer-Encoding"))
	}
	raw, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, newlineStripper{bufio.NewReader(msg.Body)}))
	if err != nil || strings.TrimRight(string(raw), "\r\n") != text {
		t.Fatalf("body %q: %v", raw, err)
	}
}

// newlineStripper drops the line breaks of a base64 body.
type newlineStripper struct{ r *bufio.Reader }

func (n newlineStripper) Read(p []byte) (int, error) {
	i := 0
	for i < len(p) {
		b, err := n.r.ReadByte()
		if err != nil {
			return i, err
		}
		if b != '\r' && b != '\n' {
			p[i] = b
			i++
		}
	}
	return i, nil
}

// TestSMTPRefusesWhatItMust: an untrusted certificate, a server without STARTTLS when STARTTLS is required and wrong
// credentials all fail, and no error carries the password or the message's text.
func TestSMTPRefusesWhatItMust(t *testing.T) {
	cert, pool := testCert(t)
	const text = "您的验证码为 771204"
	send := func(srv *smtpServer, tlsMode, pwd string, roots *x509.CertPool) error {
		s := &SMTP{Addr: srv.addr, User: srv.user, Password: pwd, From: "noreply@biddesk.example.com", Subject: "s",
			Timeout: 20 * time.Second, TLS: tlsMode, RootCAs: roots}
		return s.Send(context.Background(), Message{To: "a@example.com", Text: text})
	}
	cases := []struct {
		name string
		run  func() error
	}{
		{"untrusted certificate", func() error {
			return send(newSMTPServer(t, cert, srvImplicit, "PLAIN"), SMTPTLSImplicit, "s3cret-Pw", nil)
		}},
		{"STARTTLS required but not offered", func() error {
			return send(newSMTPServer(t, cert, srvPlain, "PLAIN"), SMTPTLSStartTLS, "s3cret-Pw", pool)
		}},
		{"wrong password", func() error {
			return send(newSMTPServer(t, cert, srvSTARTTLS, "PLAIN", "LOGIN"), SMTPTLSStartTLS, "wrong-Pw-9", pool)
		}},
		{"implicit TLS spoken to a plain server", func() error {
			return send(newSMTPServer(t, cert, srvSTARTTLS, "PLAIN"), SMTPTLSImplicit, "s3cret-Pw", pool)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil {
				t.Fatal("delivered")
			}
			if strings.Contains(err.Error(), "771204") || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "wrong-Pw") {
				t.Fatalf("the error tells too much: %v", err)
			}
		})
	}
}

func TestSMTPAutoTLSFollowsThePort(t *testing.T) {
	s := &SMTP{}
	for port, want := range map[int]string{465: SMTPTLSImplicit, 587: SMTPTLSStartTLS, 25: SMTPTLSStartTLS} {
		if got := s.tlsMode(port); got != want {
			t.Errorf("port %d: %s, want %s", port, got, want)
		}
	}
	s.TLS = SMTPTLSNone
	if s.tlsMode(465) != SMTPTLSNone {
		t.Error("an explicit mode is kept")
	}
}
