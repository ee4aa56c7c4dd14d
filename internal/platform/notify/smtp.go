package notify

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP transport security (the setting smtp-tls).
const (
	SMTPTLSAuto     = "auto"     // implicit TLS on port 465, STARTTLS (required) on any other port
	SMTPTLSImplicit = "tls"      // implicit TLS from the first byte (port 465, "SMTPS")
	SMTPTLSStartTLS = "starttls" // plain greeting, then STARTTLS, which the server must offer
	SMTPTLSNone     = "none"     // no TLS at all (a relay on the local network); authentication only on the loopback
)

// SMTP authentication mechanisms (the setting smtp-auth).
const (
	SMTPAuthAuto    = "auto" // the strongest the server offers (SCRAM, CRAM-MD5, PLAIN, LOGIN; PLAIN and LOGIN only over TLS)
	SMTPAuthPlain   = "plain"
	SMTPAuthLogin   = "login"
	SMTPAuthCRAMMD5 = "cram-md5"
)

// SMTP delivers a message as a plain-text UTF-8 e-mail (Message.To is the address) through github.com/wneessen/go-mail:
// implicit TLS or STARTTLS (TLS 1.2 at least, the server's certificate checked against the system's roots, or RootCAs
// when set), then PLAIN, LOGIN or CRAM-MD5 authentication when a user is set. Every message carries Date and
// Message-ID. A message's text never goes into an error.
type SMTP struct {
	Addr           string // host:port
	User, Password string // empty user: no authentication
	From           string
	Subject        string
	Timeout        time.Duration
	TLS            string         // SMTPTLS*; empty: auto
	Auth           string         // SMTPAuth*; empty: auto
	RootCAs        *x509.CertPool // the certificates trusted for the server (tests); nil: the system's
}

func (s *SMTP) Name() string { return "smtp" }

// tlsMode is the transport security in force for the address: auto resolved by the port.
func (s *SMTP) tlsMode(port int) string {
	switch s.TLS {
	case SMTPTLSImplicit, SMTPTLSStartTLS, SMTPTLSNone:
		return s.TLS
	}
	if port == 465 {
		return SMTPTLSImplicit
	}
	return SMTPTLSStartTLS
}

func (s *SMTP) authType() gomail.SMTPAuthType {
	switch s.Auth {
	case SMTPAuthPlain:
		return gomail.SMTPAuthPlain
	case SMTPAuthLogin:
		return gomail.SMTPAuthLogin
	case SMTPAuthCRAMMD5:
		return gomail.SMTPAuthCramMD5
	}
	return gomail.SMTPAuthAutoDiscover
}

func (s *SMTP) Send(ctx context.Context, m Message) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return errors.New("notify: not an e-mail address")
	}
	from, err := mail.ParseAddress(s.From)
	if err != nil {
		return errors.New("notify: bad sender address")
	}
	host, portText, err := net.SplitHostPort(s.Addr)
	if err != nil {
		return errors.New("notify: bad SMTP address")
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 {
		return errors.New("notify: bad SMTP port")
	}

	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingB64))
	msg.FromMailAddress(from)
	msg.ToMailAddress(to)
	msg.Subject(s.Subject)
	msg.SetDate()
	msg.SetMessageIDWithValue(messageID(from.Address))
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)

	mode := s.tlsMode(port)
	opts := []gomail.Option{
		gomail.WithPort(port),
		gomail.WithTLSConfig(&tls.Config{ServerName: host, RootCAs: s.RootCAs, MinVersion: tls.VersionTLS12}),
	}
	if s.Timeout > 0 {
		opts = append(opts, gomail.WithTimeout(s.Timeout))
	}
	switch mode {
	case SMTPTLSImplicit:
		opts = append(opts, gomail.WithSSL(), gomail.WithTLSPolicy(gomail.NoTLS))
	case SMTPTLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if s.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(s.authType()), gomail.WithUsername(s.User), gomail.WithPassword(s.Password))
	}
	c, err := gomail.NewClient(host, opts...)
	if err != nil {
		return fmt.Errorf("notify: SMTP client: %w", err)
	}
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("notify: SMTP delivery to %s (%s) failed: %w", s.Addr, mode, err)
	}
	return nil
}

// messageID is a Message-ID in the sender's domain: 128 random bits, so that replies and bounces can be matched and
// mail servers that score messages without one do not take ours for spam.
func messageID(sender string) string {
	domain := "biddesk.local"
	if _, d, ok := strings.Cut(sender, "@"); ok && d != "" {
		domain = d
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b) + "@" + domain
}
