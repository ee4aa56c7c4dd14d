// Copies Swagger UI's built files from the npm package swagger-ui-dist (a pinned devDependency) to dist/api-docs/,
// where the server serves them for the API reference at /api/docs (internal/platform/apidoc/ui.go: the page and its
// start script are the server's own). Nothing is fetched from elsewhere at run time. Fails the build when a file is
// missing. precompress.mjs then writes their gzip copies.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = new URL('../node_modules/swagger-ui-dist/', import.meta.url);
const out = new URL('../dist/api-docs/', import.meta.url);
// the files the page loads (apidoc.UIVendorFiles), and the package's licence and notice beside them
const files = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'];

mkdirSync(out, { recursive: true });
for (const f of files) {
  const from = new URL(f, pkg);
  if (!existsSync(from)) {
    console.error(`api-docs: ${fileURLToPath(from)} is missing (npm ci installs swagger-ui-dist)`);
    process.exit(1);
  }
  copyFileSync(from, new URL(f, out));
}
const { version } = JSON.parse(readFileSync(new URL('package.json', pkg), 'utf8'));
console.log(`api-docs: swagger-ui-dist ${version} copied to dist/api-docs`);
