// The C++ toolchain's files (build.py writes this line): for each, its URL
// relative to the site, its size, its SHA-256 and the size of its brotli and gzip
// copies; `id` names the cache that keeps them.  null in the source tree.
/** @type {{version: string, id: string, files: Record<string, {url: string, bytes: number, sha256: string, br: number, gz: number}>} | null} */
export const TOOLCHAIN = null;
