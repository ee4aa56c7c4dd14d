// Package api embeds the OpenAPI 3.1 description of BidDesk's HTTP API. openapi.json is generated from the
// route table (make api; TestOpenAPIIsGenerated fails when it is out of date), never edited by hand, and the
// browser's types are generated from it.
package api

import _ "embed"

// OpenAPI is the generated description, served at /api/openapi.json.
//
//go:embed openapi.json
var OpenAPI []byte
