// Package api embeds the OpenAPI 3.1 description of BidDesk's HTTP API. The browser's
// request and response types are generated from the same file (web: npm run gen:api).
package api

import _ "embed"

//go:embed openapi.json
var OpenAPI []byte
