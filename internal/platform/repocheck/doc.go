// Package repocheck holds checks of the repository itself, run by `go test ./...` (and so by make test): no built
// program is committed (binaries_test.go).
package repocheck
