# BidDesk: `make run` builds everything and starts on SQLite with demo data;
# `make test` installs what the tests need and runs them all.
GO      ?= go
NPM     ?= npm
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
ADDR    ?= 127.0.0.1:8080
DATA    ?= ./data
PGTEST  := scripts/pgtest.sh

.PHONY: run build web web-deps api api-types system-deps test test-chain-go test-chain-web test-go test-go-sqlite test-go-pg test-cluster test-web lint-web size size-run test-e2e e2e-run bench load load-writes load-training load-exam fmt vet clean

run: build
	./bin/biddesk serve --addr $(ADDR) --data $(DATA)

build: web
	$(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o bin/biddesk ./cmd/biddesk

# npm packages, reinstalled only when the lock file changes.
web-deps: web/node_modules/.install-stamp
web/node_modules/.install-stamp: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

# api/openapi.json is generated from the route table (TestOpenAPIIsGenerated fails while it is out of date);
# the browser's API types are generated from it.
api:
	BIDDESK_UPDATE_API=1 $(GO) test -count=1 ./internal/app/ -run '^TestOpenAPIIsGenerated$$'
	cd web && $(NPM) run --silent gen:api

api-types: web-deps
	cd web && $(NPM) run --silent gen:api

web: web-deps api-types
	cd web && $(NPM) run build

# Debian packages the tests need: Chromium's headless shell for the end-to-end tests and the bundle budget (the old
# headless mode, lighter than the full browser; and a Chinese font, so its screenshots show text rather than boxes), PostgreSQL for the second database, LibreOffice Impress for the
# courseware conversion (PPT/PPTX to PDF) and Writer to open the generated Word books (TestLibreOfficeOpensTheBook).
# Installed only when missing.
system-deps:
	@need=""; \
	[ -x /usr/bin/chromium-headless-shell ] || need="$$need chromium-headless-shell"; \
	[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need="$$need fonts-wqy-microhei"; \
	ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || need="$$need postgresql"; \
	[ -e /usr/lib/libreoffice/program/libsdlo.so ] || need="$$need libreoffice-impress"; \
	[ -e /usr/lib/libreoffice/program/libswlo.so ] || need="$$need libreoffice-writer"; \
	if [ -n "$$need" ]; then \
		echo "installing:$$need"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$need; \
	fi

# Once built, two chains run side by side, each one's output printed whole when it ends (docs/testing.md, "Time of
# make test"): the Go checks and suites (most of internal/app's tests run one at a time, its slowest, which mostly
# wait, side by side; this chain keeps about one core busy) and the web checks followed by the end-to-end tests,
# which take what the Go chain leaves.
test: system-deps build
	$(MAKE) -j2 --output-sync=target test-chain-go test-chain-web

# The two chains of make test (built already).
test-chain-go:
	$(MAKE) vet
	$(MAKE) test-go-sqlite
	$(MAKE) test-go-pg
	$(MAKE) test-cluster

test-chain-web:
	$(MAKE) lint-web
	$(MAKE) test-web
	$(MAKE) size-run
	$(MAKE) e2e-run

vet:
	@out=$$(gofmt -l cmd internal api migrations web/embed.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) mod tidy -diff

test-go: test-go-sqlite test-go-pg

test-go-sqlite:
	$(GO) test -count=1 -parallel 8 ./...

# The Go packages whose tests open a database (their test binaries link internal/platform/dbtest, the only reader of
# BIDDESK_TEST_PG) again on a throwaway PostgreSQL; the others would only repeat their SQLite run.
test-go-pg: system-deps
	@pkgs=$$($(GO) list -test -f '{{if .ForTest}}{{.ForTest}} {{join .Deps " "}}{{end}}' ./... | \
		awk '{ for (i = 2; i <= NF; i++) if ($$i == "biddesk/internal/platform/dbtest") { print $$1; break } }' | sort -u); \
	[ -n "$$pkgs" ] || { echo "no package uses internal/platform/dbtest"; exit 1; }; \
	url=$$($(PGTEST) start) || exit 1; \
	echo "PostgreSQL test database: $$url"; \
	BIDDESK_TEST_PG="$$url" $(GO) test -count=1 -parallel 8 $$pkgs; rc=$$?; \
	$(PGTEST) stop "$$url"; exit $$rc

# The two-instance test (issue 33; docs/operations.md, "The cluster test"): two `biddesk serve` processes of the
# built binary on a throwaway PostgreSQL and an S3-compatible server run by the test (internal/cluster); under a
# minute. Needs bin/biddesk (make build; make test builds it first).
test-cluster: system-deps
	@[ -x bin/biddesk ] || { echo "bin/biddesk is missing: make build first"; exit 1; }
	@url=$$($(PGTEST) start) || exit 1; \
	BIDDESK_CLUSTER_BIN="$(CURDIR)/bin/biddesk" BIDDESK_TEST_PG="$$url" $(GO) test -count=1 -timeout 5m -v -run '^TestTwoInstances$$' ./internal/cluster/; rc=$$?; \
	$(PGTEST) stop "$$url"; exit $$rc

test-web: web-deps
	cd web && $(NPM) test

# ESLint over the web code (TypeScript rules, React's hooks rules), no warnings allowed.
lint-web: web-deps api-types
	cd web && $(NPM) run --silent lint

# Bundle budget (docs/testing.md, "Bundle sizes"): the gzipped JavaScript a first visit of /login, the portal
# home and an admin list page downloads, measured in Chromium against the built binary; fails above the budget.
size: build system-deps
	$(MAKE) size-run

# The bundle budget against the binary built already.
size-run:
	cd web && $(NPM) run --silent size

test-e2e: build
	$(MAKE) e2e-run

# The end-to-end tests against the binary built already.
e2e-run:
	cd web && $(NPM) run e2e

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./internal/...

# Load run (docs/performance.md, "Load runs"): 100,000 accounts, each measured call at 16 and 64 connections
# against the real binary, SQLite then a throwaway PostgreSQL, with a bare net/http handler as the reference.
# LOAD_FLAGS passes options to cmd/bdload (e.g. LOAD_FLAGS="-duration 5s -conns 16").
LOAD_FLAGS ?= -duration 3s
load: build system-deps
	$(GO) run ./cmd/bdload -bin bin/biddesk $(LOAD_FLAGS)
	@url=$$($(PGTEST) start) || exit 1; \
	$(GO) run ./cmd/bdload -bin bin/biddesk -database-url "$$url" $(LOAD_FLAGS); rc=$$?; \
	$(PGTEST) stop "$$url"; exit $$rc

# Training sign-in (issue 30): a class of 500 signs in on the phone page within 2 minutes of the QR going up,
# on SQLite then on a throwaway PostgreSQL; TRAINING_FLAGS e.g. "-window 30s" (docs/performance.md).
load-training: build system-deps
	$(GO) run ./cmd/bdload -bin bin/biddesk -scenario training $(TRAINING_FLAGS)
	@url=$$($(PGTEST) start) || exit 1; \
	$(GO) run ./cmd/bdload -bin bin/biddesk -scenario training -database-url "$$url" $(TRAINING_FLAGS); rc=$$?; \
	$(PGTEST) stop "$$url"; exit $$rc

# Exam saves (issue 31): 1,000 takers start within 60 s and save every 5 s for 10 minutes, then the same with the
# server killed by SIGKILL in the middle (every confirmed save kept, the same attempt and deadline), on SQLite then
# on a throwaway PostgreSQL; EXAM_FLAGS e.g. "-duration 60s", EXAM_KILL the crash run's moment.
EXAM_KILL ?= 5m
load-exam: build system-deps
	$(GO) run ./cmd/bdload -bin bin/biddesk -scenario exam $(EXAM_FLAGS)
	$(GO) run ./cmd/bdload -bin bin/biddesk -scenario exam -kill-after $(EXAM_KILL) $(EXAM_FLAGS)
	@for kill in 0 $(EXAM_KILL); do \
	  url=$$($(PGTEST) start) || exit 1; \
	  $(GO) run ./cmd/bdload -bin bin/biddesk -scenario exam -kill-after $$kill -database-url "$$url" $(EXAM_FLAGS); rc=$$?; \
	  $(PGTEST) stop "$$url"; [ $$rc = 0 ] || exit $$rc; \
	done

# Concurrent writes (issue 12, point 5): LOAD_WRITERS clients writing dictionary entries and library
# records through the HTTP handlers for LOAD_SECONDS, on SQLite then on a throwaway PostgreSQL; prints
# requests, errors, p50/p99 and checks every acknowledged write (figures in docs/performance.md).
LOAD_WRITERS ?= 64
LOAD_SECONDS ?= 60
LOAD_RUN     := BIDDESK_LOAD_WRITERS=$(LOAD_WRITERS) BIDDESK_LOAD_SECONDS=$(LOAD_SECONDS) $(GO) test -count=1 -timeout 30m -run '^TestConcurrentWrites$$' -v ./internal/app/
load-writes: system-deps
	$(LOAD_RUN)
	@url=$$($(PGTEST) start) || exit 1; \
	BIDDESK_TEST_PG="$$url" $(LOAD_RUN); rc=$$?; \
	$(PGTEST) stop "$$url"; exit $$rc

fmt:
	gofmt -w cmd internal api migrations web/embed.go

clean:
	rm -rf bin web/dist web/node_modules/.install-stamp
