"""The page's script (index.html): PyScript compiles it from source at each start, so
it only starts the table, whose code (:mod:`web.browser.table`) comes compiled in the bundle."""
from web.browser.table import boot

PAGE = boot()
