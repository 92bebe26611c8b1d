"""A region written by changing only what changed: the text mode's page, which a screen reader
reads while the bots play.  Written over with ``innerHTML``, every heading and list item would be
taken away and put back at each action, and a reader's place in the log lost; patched, the log's
earlier entries stay the very same nodes and a new one is added at its end.  The document is
passed in (web.browser.table holds it)."""
from __future__ import annotations

from typing import Any

ELEMENT, TEXT = 1, 3  # DOM node types


def patch(document: Any, region: Any, html: str) -> None:
    """Make ``region``'s content ``html``, keeping every node that is already as it should be."""
    template = document.createElement("template")
    template.innerHTML = html
    _patch_children(region, template.content)


def _patch_children(old: Any, new: Any) -> None:
    old_nodes, new_nodes = list(old.childNodes), list(new.childNodes)
    for i, node in enumerate(new_nodes):
        if i >= len(old_nodes):
            old.appendChild(node.cloneNode(True))
            continue
        current = old_nodes[i]
        if current.isEqualNode(node):
            continue
        if current.nodeType == TEXT and node.nodeType == TEXT:
            current.data = node.data
        elif current.nodeType == ELEMENT and node.nodeType == ELEMENT and current.tagName == node.tagName:
            _patch_attributes(current, node)
            _patch_children(current, node)
        else:
            old.replaceChild(node.cloneNode(True), current)
    for extra in old_nodes[len(new_nodes):]:
        old.removeChild(extra)


def _patch_attributes(old: Any, new: Any) -> None:
    wanted = {str(a.name): str(a.value) for a in new.attributes}
    for name in [str(a.name) for a in old.attributes]:
        if name not in wanted:
            old.removeAttribute(name)
    for name, value in wanted.items():
        if old.getAttribute(name) != value:
            old.setAttribute(name, value)
