"""The table in the browser: page state, pure rendering, and the PyScript binding.

``session`` holds a match against bots and the page's own state (selections,
panels); ``render`` turns a snapshot of it into HTML, as pure functions that run
under CPython too; ``main`` binds them to the DOM under PyScript.
"""
