package validate

import "testing"

func TestLinkURLAndSitePath(t *testing.T) {
	for s, want := range map[string][2]bool{ // LinkURL, SitePath
		"https://help.example.com":           {true, false},
		"http://intranet.local:8080/a?b=1#c": {true, false},
		"HTTPS://Example.com/x":              {true, false},
		"/help/centre":                       {true, true},
		"/":                                  {true, true},
		"":                                   {false, false},
		"help":                               {false, false},
		"//evil.example.com":                 {false, false},
		"/\\evil.example.com":                {false, false},
		"javascript:alert(1)":                {false, false},
		"JaVaScRiPt:alert(1)":                {false, false},
		"data:text/html,x":                   {false, false},
		"ftp://files.example.com":            {false, false},
		"https://":                           {false, false},
		"https:/example.com":                 {false, false},
		"https://user:pw@example.com":        {false, false},
		"https://example.com/a b":            {false, false},
		"/a\tb":                              {false, false},
		"https://example.com/\"onload=":      {false, false},
		"mailto:x@example.com":               {false, false},
	} {
		if got := [2]bool{LinkURL(s), SitePath(s)}; got != want {
			t.Errorf("%q: LinkURL, SitePath = %v, want %v", s, got, want)
		}
	}
}
