// Package api embeds the OpenAPI 3.1 description of BidDesk's HTTP API. openapi.json is generated from the
// route table (make api; TestOpenAPIIsGenerated fails when it is out of date) and the browser's types are
// generated from it. legacy-openapi.json holds the hand-written operations of the routes not converted to
// typed routes yet; it may only shrink.
package api

import _ "embed"

// OpenAPI is the generated description, served at /api/openapi.json.
//
//go:embed openapi.json
var OpenAPI []byte

// Legacy is the hand-written description of the routes not typed yet.
//
//go:embed legacy-openapi.json
var Legacy []byte
