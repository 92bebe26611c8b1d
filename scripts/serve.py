#!/usr/bin/env python3
"""Serve the built site (_site/) over HTTP on loopback, standard library only.

    python3 scripts/serve.py [--port 8000] [--host 127.0.0.1] [--prefix /] [--dir _site]

Sends the MIME types the browser needs (.mjs as JavaScript, .wasm as
application/wasm, ...), compresses what a static host compresses (gzip, for a
browser that accepts it: HTML, JavaScript, CSS, JSON, WebAssembly, SVG, text; not
the zip archives and images, already compressed), so that the bytes sent are those
a visitor downloads; disables caching so a rebuild shows at once (an ETag lets the
browser revalidate), and can serve the site under a sub-path (--prefix /tarot/) as
a static host would.
Also imported by e2e/conftest.py (SiteServer) to serve the site during tests.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import posixpath
import sys
import threading
import urllib.parse
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}


# Compressed when the browser accepts gzip, as static hosts do (GitHub Pages among them).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".svg", ".webmanifest", ".py",
                ".toml", ".txt"}
GZIP_LEVEL = 6

_gzipped: dict[tuple[str, int, int], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str) -> tuple[bytes, str]:
    """The file at ``path`` compressed (made once per content, then kept), and its ETag."""
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    with _gzip_lock:
        body = _gzipped.get(key)
    if body is None:
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=GZIP_LEVEL, mtime=0)
        with _gzip_lock:
            _gzipped[key] = body
    return body, f'"{st.st_mtime_ns:x}-{st.st_size:x}-gz"'


def normalize_prefix(prefix: str) -> str:
    prefix = "/" + prefix.strip("/")
    return prefix if prefix == "/" else prefix + "/"


class SiteRequestHandler(SimpleHTTPRequestHandler):
    """Static files from `directory`, mounted under `prefix`, plus in-memory extras."""

    extensions_map = MIME_TYPES

    def __init__(self, *args, prefix="/", extra_files=None, quiet=False, **kwargs):
        self.prefix = prefix
        self.extra_files = extra_files if extra_files is not None else {}
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def _site_path(self):
        """Path relative to the site root, or None when outside the prefix."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if not path.startswith(self.prefix):
            return None
        return path[len(self.prefix):]

    def send_head(self):
        rel = self._site_path()
        if rel is None:
            if self.prefix != "/" and self.path.split("?")[0] == self.prefix.rstrip("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            self.send_error(HTTPStatus.NOT_FOUND, "Outside the site prefix")
            return None
        extra = self.extra_files.get(posixpath.normpath(rel or "index.html").lstrip("/"))
        if extra is not None:
            body = extra if isinstance(extra, bytes) else extra.encode("utf-8")
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(rel or "index.html"))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        compressed = self._send_compressed()
        if compressed is not False:
            return compressed
        return super().send_head()

    def _send_compressed(self):
        """Answer with the file compressed, when it is compressible and the browser accepts gzip;
        ``False`` to let the plain handler answer (directories, missing files, other types)."""
        accepted = self.headers.get("Accept-Encoding", "")
        if "gzip" not in [part.split(";")[0].strip() for part in accepted.split(",")]:
            return False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return False  # the plain handler redirects to the directory's URL
            path = os.path.join(path, "index.html")
        if os.path.splitext(path)[1] not in COMPRESSIBLE or not os.path.isfile(path):
            return False
        body, etag = gzipped(path)
        if self.headers.get("If-None-Match") == etag:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path):
        rel = self._site_path()
        # send_head() has already answered requests outside the prefix.
        return super().translate_path("/" + (rel or ""))


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser left before the end of a file (a page closed or moved on)
        super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server for a directory, on loopback, in this process.

    `extra_files` maps site-relative paths ("probe.html") to str/bytes served
    in addition to (and in front of) the files on disk.
    """

    def __init__(self, directory, host="127.0.0.1", port=0, prefix="/", quiet=True):
        self.directory = Path(directory)
        self.prefix = normalize_prefix(prefix)
        self.extra_files: dict[str, str | bytes] = {}
        handler = partial(
            SiteRequestHandler,
            directory=str(self.directory),
            prefix=self.prefix,
            extra_files=self.extra_files,
            quiet=quiet,
        )
        self.httpd = _Server((host, port), handler)
        self.httpd.daemon_threads = True
        self.host, self.port = self.httpd.server_address[:2]
        self._thread = None

    @property
    def url(self) -> str:
        """Base URL of the site, with a trailing slash."""
        return f"http://{self.host}:{self.port}{self.prefix}"

    def add_file(self, rel_path: str, content) -> str:
        """Serve `content` at `rel_path` (no file is written); return its URL."""
        rel_path = posixpath.normpath(rel_path).lstrip("/")
        self.extra_files[rel_path] = content
        return self.url + rel_path

    def start(self) -> "SiteServer":
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on loopback.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--prefix", default="/", help="URL sub-path to serve the site under")
    parser.add_argument("--dir", type=Path, default=ROOT / "_site", help="directory to serve")
    args = parser.parse_args()
    if not (args.dir / "vendor").is_dir():
        print(f"serve: {args.dir} is not a built site; run: python3 scripts/build.py",
              file=sys.stderr)
        return 1
    try:
        server = SiteServer(args.dir, args.host, args.port, args.prefix, quiet=False)
    except OSError as err:
        print(f"serve: cannot listen on {args.host}:{args.port}: {err}", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
