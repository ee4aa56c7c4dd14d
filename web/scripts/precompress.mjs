// Writes a gzip copy (level 9) beside every built script, style sheet and SVG of dist/assets (and of dist/api-docs,
// Swagger UI's files for /api/docs) larger than 1 kB:
// the server sends it to a browser that accepts gzip (internal/app/static.go), so a first visit downloads about a
// third of the bytes, compressed once at build time instead of on every request.
import { gzipSync, constants } from 'node:zlib';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

let raw = 0;
let gz = 0;
for (const dir of ['../dist/assets/', '../dist/api-docs/'].map((d) => new URL(d, import.meta.url).pathname)) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = join(dir, name);
    if (statSync(file).size <= 1024) continue;
    const body = readFileSync(file);
    const packed = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (packed.length >= body.length) continue;
    writeFileSync(file + '.gz', packed);
    raw += body.length;
    gz += packed.length;
  }
}
console.log(`precompressed dist/assets and dist/api-docs: ${(raw / 1e6).toFixed(1)} MB -> ${(gz / 1e6).toFixed(1)} MB gzip`);
