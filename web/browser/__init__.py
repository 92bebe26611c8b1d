"""The page's ground in the browser: the PyScript binding (DOM events in, HTML out), the URL's
parameters, the browser's storage and the lease of the tab that plays, export and import files,
the keyboard and the focus, and the build's helpers (the files the page loads, boot.js's words)."""
