// Package notify delivers short messages (verification codes) to people: through an HTTP SMS gateway, Aliyun or
// Tencent Cloud SMS, or e-mail (SMTP), or nowhere when none is configured. A message's text is never logged, nor put into an error.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Message is one short message to one phone number (or e-mail address). Text is the whole message, for the HTTP
// gateway and e-mail; the cloud SMS senders send a template instead, with Code and Minutes as its parameters.
type Message struct {
	To      string `json:"to"`
	Text    string `json:"text"`
	Code    string `json:"-"`
	Minutes int    `json:"-"`
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
	// Name tells the kind of sender, for the start-up log and the settings screen ("none" when nothing is sent).
	Name() string
}

// ErrNotConfigured is what the no-op sender answers: there is no gateway, the message went nowhere.
var ErrNotConfigured = errors.New("notify: no gateway configured")

// None delivers nothing (no gateway configured). Codes are then never shown anywhere: see docs/sso.md.
type None struct{}

func (None) Send(context.Context, Message) error { return ErrNotConfigured }
func (None) Name() string                        { return "none" }

// HTTPSMS posts {"to": ..., "text": ...} as JSON to URL, with Authorization: Bearer Token when set. Any answer
// other than 2xx is a failure.
type HTTPSMS struct {
	URL, Token string
	Client     *http.Client
}

// NewHTTPSMS is an SMS gateway client with a time limit per delivery.
func NewHTTPSMS(url, token string, timeout time.Duration) *HTTPSMS {
	return &HTTPSMS{URL: url, Token: token, Client: &http.Client{Timeout: timeout}}
}

func (h *HTTPSMS) Name() string { return "http-sms" }

func (h *HTTPSMS) Send(ctx context.Context, m Message) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return errors.New("notify: bad gateway URL")
	}
	req.Header.Set("Content-Type", "application/json")
	if h.Token != "" {
		req.Header.Set("Authorization", "Bearer "+h.Token)
	}
	resp, err := h.Client.Do(req)
	if err != nil {
		// the URL's error may carry user information; name only what went wrong
		var ue interface{ Timeout() bool }
		if errors.As(err, &ue) && ue.Timeout() {
			return errors.New("notify: SMS gateway timed out")
		}
		return errors.New("notify: SMS gateway unreachable")
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("notify: SMS gateway answered HTTP %d", resp.StatusCode)
	}
	return nil
}
