package notify

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"time"
)

// SMTP delivers a message as a plain-text e-mail (Message.To is the address). It upgrades to TLS when the server
// offers STARTTLS (required to authenticate, except on the loopback: net/smtp's rule) and gives up after Timeout.
type SMTP struct {
	Addr           string // host:port
	User, Password string // empty user: no authentication
	From           string
	Subject        string
	Timeout        time.Duration
}

func (s *SMTP) Name() string { return "smtp" }

func (s *SMTP) Send(ctx context.Context, m Message) error {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return errors.New("notify: not an e-mail address")
	}
	from, err := mail.ParseAddress(s.From)
	if err != nil {
		return errors.New("notify: bad sender address")
	}
	host, _, err := net.SplitHostPort(s.Addr)
	if err != nil {
		return errors.New("notify: bad SMTP address")
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return errors.New("notify: SMTP server unreachable")
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return errors.New("notify: SMTP greeting failed")
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}); err != nil {
			return errors.New("notify: SMTP STARTTLS failed")
		}
	}
	if s.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, host)); err != nil {
			return errors.New("notify: SMTP authentication failed")
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("notify: SMTP refused the sender")
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("notify: SMTP refused the recipient")
	}
	w, err := c.Data()
	if err != nil {
		return errors.New("notify: SMTP refused the message")
	}
	if _, err := w.Write(message(from, to, s.Subject, m.Text)); err != nil {
		return errors.New("notify: SMTP write failed")
	}
	if err := w.Close(); err != nil {
		return errors.New("notify: SMTP refused the message")
	}
	return c.Quit()
}

// message is the e-mail: UTF-8 subject and body, the body in base64 lines.
func message(from, to *mail.Address, subject, text string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n", from.String(), to.String(),
		mime.BEncoding.Encode("UTF-8", subject), time.Now().UTC().Format(time.RFC1123Z))
	b.WriteString("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString([]byte(text))
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	return b.Bytes() // the DATA writer dot-stuffs the lines
}
